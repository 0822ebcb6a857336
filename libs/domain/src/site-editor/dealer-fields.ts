// Interim: replaced by the schema's own dealerEditable marks when they land.
const FIELDS = new Set([
  'phone.numbers',
  'leads.notify_emails',
  'marketing.popup',
  'marketing.campaign',
  'marketing.promotions_slider',
  'marketing.banners',
  'marketing.offers',
  'marketing.claims',
  'wording.tagline',
  'finance.disclaimer_enabled',
]);
export const isDealerEditablePath = (path: readonly string[]): boolean =>
  path.length >= 2 ? FIELDS.has(`${path[0]}.${path[1]}`) : false;
