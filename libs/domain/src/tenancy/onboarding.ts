import { z } from 'zod';
import { AustralianTimeZoneSchema, LocationTypeSchema, ownDepartment } from '../entities/location';
import { isSingleLine } from '../entities/primitives';
import { DayHoursSchema, WeekHoursSchema } from '../hours/weekly-hours';
import { SiteConfigLayerSchema, UrlOrPathSchema, type SiteConfigLayer } from '../site-config/site-config.schema';
import { initialHostStatus, isDevelopmentHost, servesHost, SiteHostSchema } from './site-hosts';

/**
 * The onboarding document (issue 51): a whole new dealer in one JSON value, as ops send it to
 * POST /api/ops/onboarding. Every bound is what the column or page holds; what needs the database
 * (a template, a brand, a postcode, a slug or host already taken) is checked by the writer.
 *
 * Its dealership and location are built from field sets that the ops records use too
 * (PUT /api/ops/sites/{site}/dealerships/{slug} and .../locations/{slug}, DealershipPutSchema and
 * LocationPutSchema below): one schema, so a dealer changed later is held to the rules it was
 * onboarded with.
 */

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const slugSchema = (what: string, example: string, max: number) =>
  z
    .string({ error: `Give the ${what} slug, such as '${example}'.` })
    .max(max, `A ${what} slug is at most ${max} characters.`)
    .regex(SLUG, `A ${what} slug is lower-case letters and digits joined by single hyphens, such as '${example}'.`);

/** A site slug is also the label of its development host (`{slug}.localhost`): at most 63 characters. */
export const SiteSlugInputSchema = slugSchema('site', 'north-motors', 63);
export const DealershipSlugSchema = slugSchema('dealership', 'north-motors', 100);
export const LocationSlugSchema = slugSchema('location', 'north-motors-sales', 100);
/** A manufacturer (brand) as the platform names it: its slug in the manufacturers table. */
export const ManufacturerSlugSchema = slugSchema('manufacturer', 'toyota', 100);

/** One line of text a page shows (a name, a street): trimmed, bounded, no line breaks or control characters. */
const lineSchema = (what: string, max: number) =>
  z
    .string({ error: `Give the ${what}.` })
    .trim()
    .min(1, `Give the ${what}.`)
    .max(max, `The ${what} is at most ${max} characters.`)
    .refine(isSingleLine, `The ${what} is one line of text, with no line breaks or control characters.`);

const EmailSchema = z
  .string({ error: 'Give an email address such as sales@dealer.com.au.' })
  .trim()
  .toLowerCase()
  .max(254, 'An email address is at most 254 characters.')
  .pipe(z.email({ error: 'Give an email address such as sales@dealer.com.au.' }));

const AU_PHONE = /^(?:\+61 ?|0)[23478](?: ?\d){8}$/;
const PHONE_MESSAGE = 'Give an Australian phone number such as 03 5222 4400 or 0412 345 678.';
/** A phone number as a page shows it ('03 5222 4400', '(03) 5222 4400', '+61 3 5222 4400'). */
const PhoneSchema = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .max(20, PHONE_MESSAGE)
  .refine((phone) => AU_PHONE.test(phone.replace(/^\((0[23478])\) ?/, '$1 ')), PHONE_MESSAGE);

const ConfigLayerSchema = SiteConfigLayerSchema.optional();

const AddressSchema = z.strictObject({
  street: lineSchema('street address', 200),
  suburb: lineSchema('suburb', 100),
  postcode: z
    .string({ error: "Give the four-digit postcode as a string, such as '3220'." })
    .regex(/^\d{4}$/, "Give the four-digit postcode as a string, such as '3220'."),
});

export const SPECIAL_HOURS_DEPARTMENTS = ['all', 'sales', 'service', 'parts'] as const;

const SpecialHoursSchema = z.strictObject({
  date: z.iso.date({ error: "Give the date as YYYY-MM-DD, such as '2026-12-25'." }),
  department: z
    .enum(SPECIAL_HOURS_DEPARTMENTS, { error: "department is 'all', 'sales', 'service' or 'parts'." })
    .default('all'),
  hours: DayHoursSchema,
});

/** What a location is, but its slug (the document's location; the body of PUT .../locations/{slug}). */
const locationFields = {
  name: lineSchema('location name', 120),
  /** What the location is: its department's hours are shown first, and the locations filter sorts by it. */
  location_type: z.enum(LocationTypeSchema.options, {
    error: "location_type is 'sales', 'used', 'service' or 'parts'.",
  }),
  /** The dealership's main location (the first is, when none says so). */
  primary: z.boolean({ error: 'primary is true or false.' }).optional(),
  /** Makes sold or serviced here; the dealership's brands when left out. */
  brands: z.array(ManufacturerSlugSchema).max(30, 'List at most 30 brands.').optional(),
  address: AddressSchema,
  /** The location's number; the dealership's phone when left out. */
  phone: PhoneSchema.optional(),
  /** The zone the hours are local to; the site's, else the suburb's state's, when left out. */
  time_zone: AustralianTimeZoneSchema.optional(),
  dealer_license_number: lineSchema('dealer licence number', 50).optional(),
  /** Weekly hours per department: sales, service, parts. */
  hours: z.strictObject({
    sales: WeekHoursSchema.optional(),
    service: WeekHoursSchema.optional(),
    parts: WeekHoursSchema.optional(),
  }),
  special_hours: z.array(SpecialHoursSchema).max(100, 'List at most 100 special days.').default([]),
};

const LocationSchema = z.strictObject({ slug: LocationSlugSchema, ...locationFields });

/** What a dealership is, but its slug, first owner and locations (the body of PUT .../dealerships/{slug}). */
const dealershipFields = {
  name: lineSchema('dealership name', 120),
  /** The main brand (dealerships.manufacturer_id): its configuration layer applies; null for a multi-make used dealer. */
  manufacturer: ManufacturerSlugSchema.nullable().default(null),
  /** Other makes sold new and demo here. */
  brands: z.array(ManufacturerSlugSchema).max(30, 'List at most 30 brands.').default([]),
  /** The dealership's main number, shown for every location that gives none. */
  phone: PhoneSchema.optional(),
  /** Addresses emailed every lead (configuration leads.notify_emails). */
  lead_emails: z.array(EmailSchema).max(20, 'List at most 20 lead email addresses.').default([]),
  /** The dealership's configuration layer: lead delivery (leads.crm_webhook_url, ...) and any page setting. */
  config: ConfigLayerSchema,
};

const DealershipSchema = z.strictObject({
  slug: DealershipSlugSchema,
  ...dealershipFields,
  /** The first owner of the dealer console, sent a one-time sign-in link. */
  owner: z.strictObject({ email: EmailSchema, name: lineSchema("owner's name", 120) }),
  locations: z.array(LocationSchema).min(1, 'Give at least one location.').max(30, 'List at most 30 locations.'),
});

const HostSchema = z.strictObject({
  host: SiteHostSchema,
  primary: z.boolean({ error: 'primary is true or false.' }).optional(),
});

const DocumentShape = z.strictObject({
  site: z.strictObject({
    slug: SiteSlugInputSchema,
    name: lineSchema('site name', 120),
    template: z
      .string({ error: "Give the name of one of the platform's site templates." })
      .trim()
      .min(1, "Give the name of one of the platform's site templates.")
      .max(100, 'A template name is at most 100 characters.'),
    /** The zone locations' hours are local to, unless a location says otherwise. */
    time_zone: AustralianTimeZoneSchema.optional(),
    /** The site's configuration layer (over its template's). */
    config: ConfigLayerSchema,
  }),
  hosts: z.array(HostSchema).min(1, 'Give at least one host.').max(20, 'List at most 20 hosts.'),
  dealerships: z
    .array(DealershipSchema)
    .min(1, 'Give at least one dealership.')
    .max(20, 'List at most 20 dealerships.'),
});

type Issue = { path: (string | number)[]; message: string };

/** Each value listed more than once after its first, with its index. */
function repeats<T>(values: readonly T[]): { index: number; value: T }[] {
  const seen = new Set<T>();
  return values.flatMap((value, index) => {
    if (seen.has(value)) return [{ index, value }];
    seen.add(value);
    return [];
  });
}

/** The rules across fields, each naming the field to change. Runs on a value that passed the shape. */
export function onboardingDocumentIssues(doc: z.output<typeof DocumentShape>): Issue[] {
  const issues: Issue[] = [];
  const primaries = doc.hosts.flatMap((host, index) => (host.primary ? [{ index, host: host.host }] : []));
  const [primary] = primaries;
  if (!primary)
    issues.push({ path: ['hosts'], message: 'Mark one host "primary": true (the address links and emails use).' });
  for (const { index } of primaries.slice(1))
    issues.push({
      path: ['hosts', index, 'primary'],
      message: `Only one host is primary, and ${primary?.host} already is: set this one's primary to false.`,
    });
  // Links and emails name the primary host, so it must serve from the start: a real domain waits
  // for its TXT record, and becomes primary once verified (PUT /api/ops/sites/{slug}/hosts/{host}/primary).
  if (primary && !servesHost(initialHostStatus(primary.host)))
    issues.push({
      path: ['hosts', primary.index, 'primary'],
      message: `${primary.host} serves once its DNS record is verified: make ${doc.site.slug}.localhost primary for now, and ${primary.host} primary after it is verified.`,
    });
  for (const { index, value } of repeats(doc.hosts.map((h) => h.host)))
    issues.push({ path: ['hosts', index, 'host'], message: `${value} is listed twice: list each host once.` });
  doc.hosts.forEach(({ host }, index) => {
    if (isDevelopmentHost(host) && host !== `${doc.site.slug}.localhost`)
      issues.push({
        path: ['hosts', index, 'host'],
        message: `A development host is the site's slug under .localhost: ${doc.site.slug}.localhost.`,
      });
  });
  for (const { index, value } of repeats(doc.dealerships.map((d) => d.slug)))
    issues.push({
      path: ['dealerships', index, 'slug'],
      message: `Dealership slug '${value}' is used twice in this document: give each dealership its own.`,
    });
  doc.dealerships.forEach((dealership, d) => {
    const at = ['dealerships', d] as (string | number)[];
    for (const issue of dealershipIssues(dealership)) issues.push({ ...issue, path: [...at, ...issue.path] });
    for (const { index, value } of repeats(dealership.locations.map((l) => l.slug)))
      issues.push({
        path: [...at, 'locations', index, 'slug'],
        message: `Location slug '${value}' is used twice in dealership '${dealership.slug}': give each location its own.`,
      });
    const primaryLocations = dealership.locations.flatMap((l, index) => (l.primary ? [{ index, slug: l.slug }] : []));
    for (const { index } of primaryLocations.slice(1))
      issues.push({
        path: [...at, 'locations', index, 'primary'],
        message: `Only one location of a dealership is primary, and '${primaryLocations[0]?.slug}' already is.`,
      });
    dealership.locations.forEach((location, l) => {
      for (const issue of locationIssues(location))
        issues.push({ ...issue, path: [...at, 'locations', l, ...issue.path] });
    });
  });
  return issues;
}

type DealershipFields = z.output<z.ZodObject<typeof dealershipFields>>;
type LocationFields = z.output<z.ZodObject<typeof locationFields>>;

/** The rules across a dealership's own fields, paths from the dealership. */
export function dealershipIssues(dealership: Pick<DealershipFields, 'lead_emails' | 'config'>): Issue[] {
  if (dealership.lead_emails.length > 0 && dealership.config?.leads?.notify_emails !== undefined)
    return [
      {
        path: ['config', 'leads', 'notify_emails'],
        message: 'Lead emails are given in lead_emails: leave leads.notify_emails out of config.',
      },
    ];
  return [];
}

/** The rules across a location's own fields, paths from the location. */
export function locationIssues(location: Pick<LocationFields, 'location_type' | 'hours' | 'special_hours'>): Issue[] {
  const issues: Issue[] = [];
  const own = ownDepartment(location.location_type);
  if (!location.hours[own])
    issues.push({
      path: ['hours', own],
      message: `A ${location.location_type} location shows its ${own} hours first: give hours.${own} (days left out are closed).`,
    });
  for (const { index, value } of repeats(location.special_hours.map((s) => `${s.date} ${s.department}`)))
    issues.push({
      path: ['special_hours', index, 'date'],
      message: `${value.replace(' ', ' (')}) is given twice: give each date and department once.`,
    });
  return issues;
}

/**
 * Adds the issues a rule finds to zod's. zod runs a refinement unless a field had the wrong type,
 * so every field has its type here; a field may still have failed a check, and those issues are
 * already being answered, so a rule that trips over such a value adds nothing.
 */
const withRules =
  <T>(rules: (value: T) => Issue[]) =>
  (value: T, context: z.RefinementCtx): void => {
    let issues: Issue[];
    try {
      issues = rules(value);
    } catch (error) {
      if (context.issues.length > 0) return;
      throw error;
    }
    for (const issue of issues) context.addIssue({ code: 'custom', ...issue });
  };

/**
 * A location's opening hours alone, as the site editor's dealership document holds them per location
 * (issue 52): the same fields the ops record takes, so the editor and ops write them alike.
 * locationIssues adds the rules that need the location's type.
 */
export const LocationHoursSchema = z.strictObject({
  hours: locationFields.hours,
  special_hours: locationFields.special_hours,
});
export type LocationHours = z.output<typeof LocationHoursSchema>;

/** The whole document: its shape, then the rules across its fields. */
export const OnboardingDocumentSchema = DocumentShape.superRefine(withRules(onboardingDocumentIssues));
export type OnboardingDocument = z.output<typeof OnboardingDocumentSchema>;
export type OnboardingDocumentInput = z.input<typeof OnboardingDocumentSchema>;
export type OnboardingDealership = OnboardingDocument['dealerships'][number];
export type OnboardingLocation = OnboardingDealership['locations'][number];

/** The host links and emails use. */
export const primaryHostOf = (doc: OnboardingDocument): string =>
  (doc.hosts.find((h) => h.primary) ?? doc.hosts[0])?.host ?? `${doc.site.slug}.localhost`;

/** Every make a dealership sells: its main brand first, then the others, each once. */
export const dealershipBrands = (dealership: Pick<DealershipFields, 'manufacturer' | 'brands'>): string[] => [
  ...new Set([...(dealership.manufacturer ? [dealership.manufacturer] : []), ...dealership.brands]),
];

/** The makes a location sells or services: its own list, else its dealership's. */
export const locationBrands = (
  dealership: Pick<DealershipFields, 'manufacturer' | 'brands'>,
  location: Pick<LocationFields, 'brands'>,
): string[] => (location.brands ? [...new Set(location.brands)] : dealershipBrands(dealership));

/** The dealership's configuration layer as stored: its config with lead_emails as leads.notify_emails. */
export function dealershipConfigLayer(dealership: Pick<DealershipFields, 'lead_emails' | 'config'>): SiteConfigLayer {
  const config = dealership.config ?? {};
  if (dealership.lead_emails.length === 0) return config;
  return { ...config, leads: { ...config.leads, notify_emails: dealership.lead_emails } };
}

/** Which location of a dealership is primary: the one marked, else the first. */
export const primaryLocationIndex = (dealership: OnboardingDealership): number =>
  Math.max(
    0,
    dealership.locations.findIndex((l) => l.primary),
  );

/** Every manufacturer slug the document names, with the path of the field naming it. */
export function manufacturerReferences(doc: OnboardingDocument): { path: (string | number)[]; slug: string }[] {
  return doc.dealerships.flatMap((dealership, d) => [
    ...(dealership.manufacturer ? [{ path: ['dealerships', d, 'manufacturer'], slug: dealership.manufacturer }] : []),
    ...dealership.brands.map((slug, b) => ({ path: ['dealerships', d, 'brands', b], slug })),
    ...dealership.locations.flatMap((location, l) =>
      (location.brands ?? []).map((slug, b) => ({ path: ['dealerships', d, 'locations', l, 'brands', b], slug })),
    ),
  ]);
}

/** A site's status as ops set it: active, or suspended (a maintenance page). Retiring is its own call. */
export const SITE_STATUSES = ['active', 'suspended'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];

/** What PATCH /api/ops/sites/{slug} may change. */
export const SitePatchSchema = z
  .strictObject({
    name: lineSchema('site name', 120).optional(),
    status: z.enum(SITE_STATUSES, { error: "status is 'active' or 'suspended'." }).optional(),
  })
  .refine((patch) => patch.name !== undefined || patch.status !== undefined, {
    error: 'Give the name or the status (active or suspended) to change.',
  });
export type SitePatch = z.output<typeof SitePatchSchema>;

/**
 * A dealership as PUT /api/ops/sites/{site}/dealerships/{slug} replaces it: the document's
 * dealership without its slug (the path's), first owner or locations (each its own record). A
 * field left out is its default, as in the document: PUT replaces the whole record.
 */
export const DealershipPutSchema = z.strictObject(dealershipFields).superRefine(withRules(dealershipIssues));
export type DealershipPut = z.output<typeof DealershipPutSchema>;
export type DealershipPutInput = z.input<typeof DealershipPutSchema>;

/** A location as PUT .../dealerships/{dealership}/locations/{slug} replaces it: the document's location without its slug. */
export const LocationPutSchema = z.strictObject(locationFields).superRefine(withRules(locationIssues));
export type LocationPut = z.output<typeof LocationPutSchema>;
export type LocationPutInput = z.input<typeof LocationPutSchema>;

/** A brand record as PUT /api/ops/manufacturers/{slug} replaces it (the manufacturers table). */
export const ManufacturerPutSchema = z.strictObject({
  name: lineSchema('manufacturer name', 120),
  /** The brand's logo, as the pages show it: a site path or an http(s) address; null for none. */
  logo_url: z
    .string({ error: 'Give the logo as a site path (/images/toyota.svg) or an http(s) address, or null.' })
    .trim()
    .max(2000, 'A logo address is at most 2000 characters.')
    .pipe(UrlOrPathSchema)
    .nullable()
    .default(null),
  /** The brand's configuration layer, over every dealership's that sells it as its main brand. */
  config: SiteConfigLayerSchema.default({}),
});
export type ManufacturerPut = z.output<typeof ManufacturerPutSchema>;
