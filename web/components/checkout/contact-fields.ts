import {
  emailField,
  firstNameField,
  lastNameField,
  phoneField,
  termsField,
  type LeadField,
} from '@/components/forms/lead-fields';

/** The contact fields of every checkout, the mobile pre-filled from the signed-in session. */
export function checkoutFields(phone: string | null): LeadField[] {
  return [
    firstNameField,
    { ...lastNameField, required: false },
    emailField,
    { ...phoneField(true), defaultValue: phone ? localMobile(phone) : undefined },
    termsField,
  ];
}

/** '+61412345678' as the shopper types it: '0412 345 678'. */
function localMobile(e164: string): string {
  const local = e164.replace(/^\+61/, '0');
  return /^04\d{8}$/.test(local) ? `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}` : local;
}
