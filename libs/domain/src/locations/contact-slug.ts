import { slugify } from '../stock/car-slug';

// The sales, service and parts locations of one site share a contact page, so the department word is dropped.
const DEPARTMENT_SUFFIX = /\s+(?:sales|service|parts)$/i;

/** The {slug} of /contact-us/{slug}: 'Werribee Toyota Service' -> 'werribee-toyota' (spec 001 §2). */
export const contactSlug = (locationName: string): string =>
  slugify(locationName.trim().replace(DEPARTMENT_SUFFIX, ''));
