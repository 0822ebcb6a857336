/**
 * How the dealer console and its CSV name each form a lead came from. Reserve-online leads are filed
 * by the reservations flow under the form 'reservation'.
 */
export const LEAD_FORM_LABELS: Readonly<Record<string, string>> = {
  general: 'General enquiry',
  vehicle: 'Vehicle enquiry',
  test_drive: 'Test drive',
  finance: 'Finance',
  service: 'Service booking',
  parts: 'Parts',
  careers: 'Careers',
  trade_in: 'Trade-in',
  offer_accepted: 'Trade-in offer accepted',
  find_similar: 'Find similar',
  request_photos: 'Photo request',
  contact_location: 'Location enquiry',
  lead: 'Enquiry',
  reservation: 'Reserve online',
};

/** 'test_drive' -> 'Test drive'; a form without a label reads as its words. */
export function leadFormLabel(form: string): string {
  const label = Object.hasOwn(LEAD_FORM_LABELS, form) ? LEAD_FORM_LABELS[form] : undefined;
  if (label) return label;
  const words = form.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
