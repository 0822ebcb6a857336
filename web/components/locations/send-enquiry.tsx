'use client';

import { useState } from 'react';
import { contactModalTitle } from '@platform/domain';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { LeadForm } from '@/components/forms/lead-form';
import type { EnquiryFormSetup } from './enquiry-setup';

/** 'Send Enquiry': opens the modal 'Contact Us at {location name}', whose form carries a hidden location_id. */
export function SendEnquiry({
  locationId,
  locationName,
  setup,
}: {
  locationId: number;
  locationName: string;
  setup: EnquiryFormSetup;
}) {
  const [open, setOpen] = useState(false);
  const title = contactModalTitle(locationName);
  return (
    <>
      <button type="button" className="button button-primary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Send Enquiry<span className="visually-hidden"> to {locationName}</span>
      </button>
      <ModalDialog open={open} onClose={() => setOpen(false)} title={title}>
        <LeadForm
          {...setup}
          kind="contact_location"
          label={title}
          fields={[
            { name: 'location_id', label: 'Location', type: 'hidden', defaultValue: String(locationId) },
            ...setup.fields,
          ]}
          submitLabel="Send Enquiry"
        />
      </ModalDialog>
    </>
  );
}
