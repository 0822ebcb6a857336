'use client';

import { lazy, Suspense, useEffect, useState } from 'react';
import type { VehicleEnquiryDefaults } from '@platform/domain';
import type { CaptchaConfig } from '@/components/forms/captcha';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { FORM_ANCHORS, type FormAnchor } from '@/lib/vehicle/form-anchors';

// The form (with zod and the shared lead schemas) loads when a shopper first opens one, keeping it
// out of the page's first-load JavaScript.
const VehicleLeadForm = lazy(() => import('./vehicle-lead-form').then((m) => ({ default: m.VehicleLeadForm })));

type Anchor = FormAnchor;

export interface VehicleFormsProps {
  siteSlug: string;
  car: { id: number; title: string; carType: string; tag: string | null; stockNumber: string };
  defaults: VehicleEnquiryDefaults;
  enquireLabel: string;
  similarLabel: string;
  messageRequired: boolean;
  captcha: CaptchaConfig;
  /** Bookable test-drive starts, or null where test drives are not offered. */
  testDriveSlots: { value: string; label: string }[] | null;
  /** Sold cars offer only 'Find Me Something Similar'. */
  soldDisplay: boolean;
}

function anchorOf(hash: string): Anchor | null {
  const name = decodeURIComponent(hash.replace(/^#/, ''));
  return (Object.values(FORM_ANCHORS) as string[]).includes(name) ? (name as Anchor) : null;
}

/**
 * Opens the form named by the address's #anchor in a modal, so every button that opens a form is a
 * plain link (keyboard and no-JavaScript friendly) and links from other pages open it too.
 */
export function VehicleForms({
  siteSlug,
  car,
  defaults,
  enquireLabel,
  similarLabel,
  messageRequired,
  captcha,
  testDriveSlots,
  soldDisplay,
}: VehicleFormsProps) {
  const [open, setOpen] = useState<Anchor | null>(null);

  useEffect(() => {
    const sync = () => setOpen(anchorOf(window.location.hash));
    sync();
    window.addEventListener('hashchange', sync);
    return () => window.removeEventListener('hashchange', sync);
  }, []);

  const close = () => {
    setOpen(null);
    if (anchorOf(window.location.hash))
      history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);
  };

  const forms: Record<Anchor, { title: string } | null> = {
    enquiry: soldDisplay ? null : { title: enquireLabel },
    'request-photos': soldDisplay ? null : { title: 'Request Photos' },
    'test-drive': soldDisplay || !testDriveSlots ? null : { title: 'Book a Test Drive' },
    'find-similar': { title: similarLabel },
  };

  const current = open ? forms[open] : null;
  return (
    <ModalDialog open={current !== null} title={current?.title ?? ''} onClose={close} size="normal">
      {current && (
        <Suspense fallback={<p role="status">Loading the form…</p>}>
          <VehicleLeadForm
            key={open}
            siteSlug={siteSlug}
            form={open as Anchor}
            defaults={defaults}
            enquireLabel={enquireLabel}
            similarLabel={similarLabel}
            testDriveSlots={testDriveSlots ?? []}
            messageRequired={messageRequired}
            captcha={captcha}
            car={car}
            label={current.title}
          />
        </Suspense>
      )}
    </ModalDialog>
  );
}
