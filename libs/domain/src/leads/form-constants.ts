/**
 * Form constants browsers need before any validation runs. Kept free of zod so a page that only
 * draws a form does not load the schemas with it.
 */

/** The lead form's hidden field: people never see it, so a value in it means a bot filled the form. */
export const HONEYPOT_FIELD = 'hidden';

export const AU_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;

/** A lead's delivery channels: the dealer's CRM always, its email when addresses are configured, and the shopper's confirmation for a payment. */
export function leadDeliveryChannels(
  notifyEmails: readonly string[],
  { confirmToShopper = false }: { confirmToShopper?: boolean } = {},
): ('crm' | 'email' | 'shopper_email')[] {
  return [
    'crm',
    ...(notifyEmails.length > 0 ? ['email' as const] : []),
    ...(confirmToShopper ? ['shopper_email' as const] : []),
  ];
}
