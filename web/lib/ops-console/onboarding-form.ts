import { ownDepartment, WEEKDAY_NAMES, type WeekdayName } from '@platform/domain';

/**
 * The ops console's onboarding form (issue 51, item 7): the common dealer (one site, its hosts,
 * one dealership with its first owner, one location with its weekly hours) as plain fields, turned
 * into the onboarding document the api takes. The fields are named by the document's own paths
 * ('dealerships.0.locations.0.address.postcode'), so each problem the api names lands under its
 * field; the weekly hours are the one exception, named by weekday ('week.monday.open') because the
 * department they belong to follows the location's type. Anything the api checks is left to it:
 * this only shapes what was typed.
 */

export const DEALERSHIP = 'dealerships.0';
export const LOCATION = `${DEALERSHIP}.locations.0`;

/** Monday first, as a dealer's week is written. */
export const FORM_WEEK: readonly WeekdayName[] = [...WEEKDAY_NAMES.slice(1), 'sunday'];

export type FormValues = Record<string, string>;

const text = (values: FormValues, name: string): string => (values[name] ?? '').trim();
const optional = (values: FormValues, name: string): string | undefined => text(values, name) || undefined;

/** A list typed one per line or separated by commas, without blanks. */
export const listOf = (value: string): string[] =>
  value
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter(Boolean);

/**
 * The document from the form's fields. Hosts are one per line: the site's development host
 * (`{slug}.localhost`) is added first and is primary, because a real domain serves only once
 * verified and links need a primary that serves now (ops make the domain primary after).
 */
export function documentFromForm(values: FormValues): unknown {
  const slug = text(values, 'site.slug');
  const locationType = text(values, `${LOCATION}.location_type`) || 'sales';
  const week: Record<string, unknown> = {};
  for (const day of FORM_WEEK) {
    if (values[`week.${day}.closed`] === 'on') {
      week[day] = 'closed';
      continue;
    }
    const open = text(values, `week.${day}.open`);
    const close = text(values, `week.${day}.close`);
    // A day left blank is closed (the document's rule); half a day is sent as typed for the api to name.
    if (open || close) week[day] = { open, close };
  }
  const domains = listOf(values['hosts'] ?? '').map((host) => host.toLowerCase());
  const development = `${slug}.localhost`;
  const manufacturer = optional(values, `${DEALERSHIP}.manufacturer`) ?? null;
  return {
    site: {
      slug,
      name: text(values, 'site.name'),
      template: text(values, 'site.template'),
      ...(optional(values, 'site.time_zone') ? { time_zone: text(values, 'site.time_zone') } : {}),
    },
    hosts: [
      { host: development, primary: true },
      ...domains.filter((host) => host !== development).map((host) => ({ host })),
    ],
    dealerships: [
      {
        slug: text(values, `${DEALERSHIP}.slug`) || slug,
        name: text(values, `${DEALERSHIP}.name`) || text(values, 'site.name'),
        manufacturer,
        ...(optional(values, `${DEALERSHIP}.phone`) ? { phone: text(values, `${DEALERSHIP}.phone`) } : {}),
        lead_emails: listOf(values[`${DEALERSHIP}.lead_emails`] ?? ''),
        owner: { name: text(values, `${DEALERSHIP}.owner.name`), email: text(values, `${DEALERSHIP}.owner.email`) },
        locations: [
          {
            slug: text(values, `${LOCATION}.slug`) || `${slug}-${locationType}`,
            name: text(values, `${LOCATION}.name`),
            location_type: locationType,
            primary: true,
            address: {
              street: text(values, `${LOCATION}.address.street`),
              suburb: text(values, `${LOCATION}.address.suburb`),
              postcode: text(values, `${LOCATION}.address.postcode`),
            },
            ...(optional(values, `${LOCATION}.phone`) ? { phone: text(values, `${LOCATION}.phone`) } : {}),
            hours: { [ownDepartment(locationType)]: week },
          },
        ],
      },
    ],
  };
}

/**
 * The form field an api problem path belongs to: the path itself, but the weekly hours by weekday,
 * a host by the hosts box (its index counts the development host the form adds first), and a
 * dealership's brand list entry by the brand field. Null when no field of the form holds it (the
 * summary at the top still lists it).
 */
export function fieldOfPath(path: string, fields: ReadonlySet<string>): string | null {
  const hours = new RegExp(
    `^${LOCATION.replaceAll('.', '\\.')}\\.hours\\.[a-z]+(?:\\.([a-z]+)(?:\\.(open|close))?)?$`,
  ).exec(path);
  if (hours) {
    const [, day, edge] = hours;
    if (!day) return 'week.monday.open';
    return `week.${day}.${edge ?? 'open'}`;
  }
  if (/^hosts(?:\.\d+(?:\.\w+)?)?$/.test(path)) return 'hosts';
  for (let candidate = path; candidate; candidate = candidate.replace(/\.?[^.]+$/, ''))
    if (fields.has(candidate)) return candidate;
  return null;
}
