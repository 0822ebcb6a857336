import { displayMobile } from '@platform/domain';
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
    { ...phoneField(true), defaultValue: phone ? displayMobile(phone) : undefined },
    termsField,
  ];
}
