import { AU_STATES, type SiteConfig } from '@platform/domain';

/**
 * Field lists of the shopper forms, built on the server and handed to the LeadForm client component.
 * Names are the lead schema's (libs/domain leads), so errors come back keyed by the same names.
 */

export interface LeadFieldOption {
  value: string;
  label: string;
}

export interface LeadField {
  name: string;
  label: string;
  /** 'price' and 'km' are the formatted inputs of spec 001 §5 ('$45,990', '45,000' kms). */
  /** 'checkboxes' is a group of options sent as a list (additional_services); blank when none is ticked. */
  type:
    | 'text'
    | 'email'
    | 'tel'
    | 'textarea'
    | 'select'
    | 'checkbox'
    | 'checkboxes'
    | 'hidden'
    | 'number'
    | 'date'
    | 'price'
    | 'km';
  required?: boolean;
  hint?: string;
  options?: LeadFieldOption[];
  /** First, empty option of a select. */
  placeholder?: string;
  defaultValue?: string | boolean;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  maxLength?: number;
}

export const TERMS_LABEL = 'I agree to the terms of use';
export const OPT_IN_LABEL = 'Keep me up to date with news and offers';

export const nameField: LeadField = { name: 'name', label: 'Name', type: 'text', required: true, autoComplete: 'name' };
export const firstNameField: LeadField = {
  name: 'name',
  label: 'First name',
  type: 'text',
  required: true,
  autoComplete: 'given-name',
};
export const lastNameField: LeadField = {
  name: 'last_name',
  label: 'Last name',
  type: 'text',
  required: true,
  autoComplete: 'family-name',
};
export const emailField: LeadField = {
  name: 'email',
  label: 'Email',
  type: 'email',
  required: true,
  autoComplete: 'email',
  inputMode: 'email',
};
export const phoneField = (required: boolean): LeadField => ({
  name: 'phone',
  label: 'Mobile',
  type: 'tel',
  required,
  autoComplete: 'tel',
  inputMode: 'tel',
});
export const postcodeField: LeadField = {
  name: 'postcode',
  label: 'Postcode',
  type: 'text',
  required: true,
  autoComplete: 'postal-code',
  inputMode: 'numeric',
  maxLength: 4,
};
export const messageField = (required: boolean, defaultValue?: string): LeadField => ({
  name: 'message',
  label: 'Message',
  type: 'textarea',
  required,
  defaultValue,
});
export const termsField: LeadField = { name: 'terms_conditions', label: TERMS_LABEL, type: 'checkbox', required: true };
export const optInField: LeadField = { name: 'opt_in', label: OPT_IN_LABEL, type: 'checkbox', defaultValue: true };
export const SMS_OK_LABEL = 'Text me about this enquiry';
/** The shopper's agreement to a text reply: never ticked for them (the dealer may text only on a yes). */
export const smsOkField: LeadField = { name: 'sms_ok', label: SMS_OK_LABEL, type: 'checkbox' };

/** State select with the site's default state (qld unless configured). */
export function stateField(name: string, label: string, config: SiteConfig): LeadField {
  return {
    name,
    label,
    type: 'select',
    options: AU_STATES.map((state) => ({ value: state, label: state })),
    defaultValue: config.forms.default_state.toUpperCase(),
  };
}

export function locationField(options: LeadFieldOption[], defaultValue?: string): LeadField {
  return {
    name: 'location',
    label: 'Location',
    type: 'select',
    required: true,
    placeholder: 'Select a location',
    options,
    defaultValue,
  };
}

export function dealershipField(options: LeadFieldOption[], defaultValue?: string): LeadField {
  return {
    name: 'dealership_slug',
    label: 'Dealership',
    type: 'select',
    required: true,
    placeholder: 'Select a dealership',
    options,
    defaultValue,
  };
}

/** Rego of the enquiry forms (spec 001 'Enquiry form fields'); optional (§5 'Rego is optional'). */
export const regoField: LeadField = { name: 'Rego', label: 'Rego', type: 'text', maxLength: 20 };

/** The site's additional services as ticks, or nothing where the site lists none. */
export function additionalServicesField(config: SiteConfig): LeadField[] {
  const services = config.forms.additional_services;
  if (services.length === 0) return [];
  return [
    {
      name: 'additional_services',
      label: 'Additional services',
      type: 'checkboxes',
      hint: 'Optional: tick any you would like as well.',
      options: services.map((service) => ({ value: service, label: service })),
    },
  ];
}
