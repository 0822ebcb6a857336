import {
  CarTypeSchema,
  CONDITION_QUESTIONS,
  effectiveLocationType,
  type LeadFormKind,
  type SiteConfig,
} from '@platform/domain';
import type { LeadFormProps } from '@/components/forms/lead-form';
import {
  additionalServicesField,
  dealershipField,
  emailField,
  firstNameField,
  lastNameField,
  locationField,
  messageField,
  nameField,
  optInField,
  smsOkField,
  phoneField,
  postcodeField,
  regoField,
  stateField,
  termsField,
  type LeadField,
  type LeadFieldOption,
} from '@/components/forms/lead-fields';
import type { SiteView } from '@/lib/api';
import { visibleLocations } from '@/lib/locations/location-view';

/**
 * The shopper forms of the finance, service, parts, contact and trade-in pages, as LeadForm props.
 * Field names are the lead schema's; labels and defaults come from the site configuration.
 */

export type QueryParams = Record<string, string | string[] | undefined>;

export const queryValue = (query: QueryParams, name: string): string => {
  const value = query[name];
  return typeof value === 'string' ? value.trim() : Array.isArray(value) ? (value[0] ?? '').trim() : '';
};

type FormSetup = Omit<LeadFormProps, 'label' | 'submitLabel' | 'id'>;

function base(site: SiteView, kind: LeadFormKind, fields: LeadField[], fixed: LeadFormProps['fixed'] = {}): FormSetup {
  const { config } = site;
  return {
    siteSlug: site.slug,
    kind,
    fields,
    fixed,
    messageRequired: config.forms.message_required,
    dealershipRequired: site.source.dealerships.length > 1,
    captcha: { captcha_provider: config.forms.captcha_provider, captcha_site_key: config.forms.captcha_site_key },
  };
}

function dealershipOptions(site: SiteView): LeadFieldOption[] {
  return site.dealerships.map((dealership) => ({ value: dealership.slug, label: dealership.name }));
}

/** Locations offered by a form: those of the wanted types first, every visible location if none. */
function locationOptions(site: SiteView, types: readonly string[]): LeadFieldOption[] {
  const all = visibleLocations(site);
  const wanted = all.filter((location) => types.includes(effectiveLocationType(location)));
  return (wanted.length > 0 ? wanted : all).map((location) => ({ value: location.slug, label: location.name }));
}

/** The dealership select shown on sites with several dealerships, preset from the chosen location. */
function dealershipFieldFor(site: SiteView, locationSlug: string): LeadField[] {
  if (site.source.dealerships.length <= 1) return [];
  const location = visibleLocations(site).find((entry) => entry.slug === locationSlug);
  return [dealershipField(dealershipOptions(site), location?.dealership_slug ?? undefined)];
}

/** The finance form (#finance-form), prefilled from preferredDealership, vehiclePriceBudget, car_id and car_type. */
export function financeFormSetup(site: SiteView, query: QueryParams): FormSetup {
  const preferred = queryValue(query, 'preferredDealership');
  const budget = queryValue(query, 'vehiclePriceBudget')
    .replace(/[^\d.]/g, '')
    .replace(/\..*$/, '');
  const carId = queryValue(query, 'car_id');
  const carType = CarTypeSchema.safeParse(queryValue(query, 'car_type'));
  const dealerships = dealershipOptions(site);
  const fields: LeadField[] = [
    nameField,
    emailField,
    phoneField(true),
    ...(dealerships.length > 1
      ? [
          {
            name: 'preferredDealership',
            label: 'Preferred dealership',
            type: 'select',
            placeholder: 'Select a dealership',
            options: dealerships,
            defaultValue: dealerships.some((d) => d.value === preferred) ? preferred : undefined,
          } satisfies LeadField,
        ]
      : []),
    {
      name: 'vehiclePriceBudget',
      label: 'Vehicle price budget ($)',
      type: 'price',
      defaultValue: budget || undefined,
    },
    { name: 'deposit', label: 'Deposit or trade-in ($)', type: 'price' },
    {
      name: 'term_years',
      label: 'Loan term (years)',
      type: 'select',
      options: termOptions(site.config),
      defaultValue: String(site.config.finance.term_default_years),
    },
    messageField(site.config.forms.message_required),
    termsField,
    optInField,
  ];
  const fixed: Record<string, string> = {};
  if (/^\d+$/.test(carId)) fixed['car_id'] = carId;
  if (carType.success) fixed['car_type'] = carType.data;
  return base(site, 'finance', fields, fixed);
}

function termOptions(config: SiteConfig): LeadFieldOption[] {
  const { term_min_years: min, term_max_years: max } = config.finance;
  const options: LeadFieldOption[] = [];
  for (let years = Math.ceil(min); years <= Math.min(7, max); years += 1)
    options.push({ value: String(years), label: `${years} year${years === 1 ? '' : 's'}` });
  return options;
}

/** The service booking form; ?location={slug} preselects the location. The site's extras are offered as ticks. */
export function serviceFormSetup(site: SiteView, query: QueryParams): FormSetup {
  const chosen = queryValue(query, 'location');
  const options = locationOptions(site, ['service']);
  const fields: LeadField[] = [
    nameField,
    emailField,
    phoneField(true),
    locationField(options, options.some((option) => option.value === chosen) ? chosen : undefined),
    ...dealershipFieldFor(site, chosen),
    regoField,
    { name: 'vehicle_make', label: 'Vehicle make', type: 'text' },
    { name: 'vehicle_model', label: 'Vehicle model', type: 'text' },
    { name: 'vehicle_year', label: 'Vehicle year', type: 'text', inputMode: 'numeric', maxLength: 4 },
    { name: 'odometer', label: 'Odometer (kms)', type: 'km' },
    { name: 'preferred_date', label: 'Preferred date', type: 'date' },
    ...additionalServicesField(site.config),
    messageField(site.config.forms.message_required),
    termsField,
    optInField,
  ];
  return base(site, 'service', fields);
}

/** The parts enquiry form of /vehicle-parts-and-accessories. */
export function partsFormSetup(site: SiteView, query: QueryParams): FormSetup {
  const chosen = queryValue(query, 'location');
  const options = locationOptions(site, ['parts', 'service']);
  const fields: LeadField[] = [
    nameField,
    emailField,
    phoneField(false),
    locationField(options, options.some((option) => option.value === chosen) ? chosen : undefined),
    ...dealershipFieldFor(site, chosen),
    regoField,
    { name: 'vehicle_make', label: 'Vehicle make', type: 'text' },
    { name: 'vehicle_model', label: 'Vehicle model', type: 'text' },
    { name: 'vin', label: 'VIN', type: 'text', maxLength: 17 },
    messageField(site.config.forms.message_required),
    termsField,
    optInField,
  ];
  return base(site, 'parts', fields);
}

export const CONTACT_CATEGORIES = [
  'General Enquiry',
  'Sales Enquiry',
  'Finance Enquiry',
  'Service Booking',
  'Parts Enquiry',
  'Careers Enquiry',
];

/**
 * The general contact form of /contact, the spec's enquiry form: category, location and, on group
 * sites, the dealership, then Rego and the site's additional services (spec 001 'Enquiry form fields').
 */
export function contactFormSetup(site: SiteView, query: QueryParams): FormSetup {
  const chosen = queryValue(query, 'location');
  const options = locationOptions(site, ['sales', 'used', 'service', 'parts']);
  const fields: LeadField[] = [
    nameField,
    emailField,
    phoneField(false),
    {
      name: 'category',
      label: 'Category',
      type: 'select',
      required: true,
      placeholder: 'Select a category',
      options: CONTACT_CATEGORIES.map((value) => ({ value, label: value })),
    },
    locationField(options, options.some((option) => option.value === chosen) ? chosen : undefined),
    ...dealershipFieldFor(site, chosen),
    regoField,
    ...additionalServicesField(site.config),
    messageField(site.config.forms.message_required),
    smsOkField,
    termsField,
    optInField,
  ];
  return base(site, 'general', fields);
}

/** The location contact form of /contact-us/{slug}, with the location's id hidden. */
export function locationContactFormSetup(site: SiteView, locationId: number): FormSetup {
  const fields: LeadField[] = [
    { name: 'location_id', label: 'Location', type: 'hidden', defaultValue: String(locationId) },
    nameField,
    emailField,
    phoneField(false),
    messageField(site.config.forms.message_required),
    smsOkField,
    termsField,
    optInField,
  ];
  return base(site, 'contact_location', fields);
}

/** The trade-in (value my car) form: the lead fields, then the rego and state or the vehicle's description. */
/** The condition questions, sent as adjustmentAnswers keyed by question; each is optional. */
const conditionFields: LeadField[] = CONDITION_QUESTIONS.map(({ question, answers }) => ({
  name: `adjustmentAnswers.${question}`,
  label: question,
  type: 'select',
  placeholder: 'Choose an answer',
  options: answers.map(({ answer }) => ({ value: answer, label: answer })),
}));

export function tradeInFormSetup(site: SiteView, query: QueryParams): FormSetup {
  const carId = queryValue(query, 'car_id');
  const fields: LeadField[] = [
    firstNameField,
    lastNameField,
    postcodeField,
    phoneField(true),
    emailField,
    { name: 'rego', label: 'Rego', type: 'text', maxLength: 20 },
    stateField('rego_state', 'Rego state', site.config),
    { name: 'make', label: 'Make', type: 'text' },
    { name: 'model', label: 'Model', type: 'text' },
    { name: 'year', label: 'Year', type: 'text', inputMode: 'numeric', maxLength: 4 },
    { name: 'km', label: 'Kilometres', type: 'km' },
    ...conditionFields,
    messageField(false),
  ];
  return base(site, 'trade_in', fields, /^\d+$/.test(carId) ? { car_id: carId } : {});
}
