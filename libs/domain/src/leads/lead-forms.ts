import { z } from 'zod';
import { parseWholeNumberInput } from '../forms/number-input';
import { CarStatusSchema, CarTypeSchema } from '../entities/car';
import { refusingProtoKey } from '../entities/primitives';
import { formText, multiLineFormText, requiredFormText } from '../forms/form-text';
import { currentYear } from '../finance/current-year';
import { AustralianPhoneSchema, EmailSchema, PostcodeSchema, REQUIRED_MESSAGES, TermsAcceptedSchema } from './fields';
import { AU_STATES, HONEYPOT_FIELD } from './form-constants';
import {
  QUERY_PARAM_NAME_MAX_LENGTH,
  QUERY_PARAM_VALUE_MAX_LENGTH,
  VISITED_PAGE_MAX_LENGTH,
  VISITED_PAGES_MAX,
} from './visit-trail';

/**
 * The lead submissions of every form of a site, one zod schema per kind, shared by the web forms and
 * the leads API so the two can never disagree about what is valid.
 */
export const LEAD_FORMS = [
  'general',
  'vehicle',
  'test_drive',
  'finance',
  'service',
  'parts',
  'careers',
  'trade_in',
  'offer_accepted',
  'find_similar',
  'request_photos',
  'contact_location',
  'lead',
] as const;
export type LeadFormKind = (typeof LEAD_FORMS)[number];

export const LeadFormKindSchema = z.enum(LEAD_FORMS, { error: `Use one of: ${LEAD_FORMS.join(', ')}` });

export const GENERAL_CATEGORY = 'General Enquiry';
/** 'Careers Enquiry' files as a General Enquiry with this subcategory (spec 001 §5). */
export const CAREERS_CATEGORY = 'Careers Enquiry';
export const CAREER_SUBCATEGORY = 'Career Enquiry';
export const OFFER_ACCEPTED_SUBCATEGORY = '3. Offer Accepted';

/** The category a kind files under when its form has no category select. */
export const DEFAULT_CATEGORY: Readonly<Record<LeadFormKind, string>> = {
  general: GENERAL_CATEGORY,
  vehicle: 'Vehicle Enquiry',
  test_drive: 'Test Drive',
  finance: 'Finance Enquiry',
  service: 'Service Booking',
  parts: 'Parts Enquiry',
  careers: GENERAL_CATEGORY,
  trade_in: 'Trade-In Valuation',
  offer_accepted: 'Trade-In Valuation',
  find_similar: 'Find Me Something Similar',
  request_photos: 'Request Photos',
  contact_location: GENERAL_CATEGORY,
  lead: GENERAL_CATEGORY,
};

export const LEAD_MESSAGES = {
  car_id: 'Please choose a vehicle.',
  location_id: 'Please choose a location.',
  preferred_time: 'Please choose a test drive time.',
  preferred_date: 'Please choose a preferred date (YYYY-MM-DD).',
  trade_in_vehicle: 'Enter your rego and state, or the make, model, year and kilometres of your vehicle.',
  rego_state: 'Please select the state the vehicle is registered in.',
  year: 'Please enter a year between 1950 and next year.',
  km: 'Please enter the kilometres as a whole number.',
  lead_id: 'The offer must name the lead it accepts.',
  offer_accepted: 'The offer must be accepted to submit this form.',
  amount: 'Please enter an amount in whole dollars.',
} as const;

const text = formText;
const requiredText = (message: string, max = 200) => requiredFormText(message, max);
const optionalText = (max = 200) => text(max).optional();
const optionalMessage = multiLineFormText(5000).optional();
const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);
/** An optional whole number; a blank input is absent, not 0 (Number('') is 0). */
// Typed amounts may carry the inputs' formatting ('$45,990', '45,000 kms'): read them as the input does.
const optionalWholeNumber = (message: string, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    (value) =>
      typeof value === 'string' && value.trim() === ''
        ? undefined
        : typeof value === 'string'
          ? (parseWholeNumberInput(value) ?? value)
          : value,
    z.coerce.number({ error: message }).int(message).nonnegative(message).max(max, message).optional(),
  );
const optionalPhone = z.union([AustralianPhoneSchema, z.literal('')]).optional();

/** What the lead submission helper adds (spec 001 §7); source, user agent and dealership are set by the server. */
export const LeadUserDataSchema = z.strictObject({
  url: text(2000).optional(),
  lead_attributes: z
    .strictObject({
      visited_pages: z
        .array(text(VISITED_PAGE_MAX_LENGTH))
        .max(VISITED_PAGES_MAX, `Send at most the last ${VISITED_PAGES_MAX} visited pages.`)
        .default([]),
      linked_query_params: refusingProtoKey(
        z.record(text(QUERY_PARAM_NAME_MAX_LENGTH), text(QUERY_PARAM_VALUE_MAX_LENGTH)),
      ).default({}),
    })
    .optional(),
});
export type LeadUserData = z.output<typeof LeadUserDataSchema>;

/** Fields every submission may carry besides its form's own. */
const envelope = {
  [HONEYPOT_FIELD]: text(500).optional(),
  captcha_token: text(4096).optional(),
  userData: LeadUserDataSchema.optional(),
  /** The page the form is on: its path (the web sends it), as long as a visited page may be. */
  page_id: z.union([text(VISITED_PAGE_MAX_LENGTH), z.number()]).optional(),
  opt_in: z.boolean({ error: 'opt_in must be true or false' }).default(true),
  /**
   * The shopper agreed to be texted about this enquiry (the forms' tick, never ticked for them):
   * the console offers an SMS reply only then (libs/domain lead-replies smsReplyNumber).
   */
  sms_ok: z.boolean({ error: 'sms_ok must be true or false' }).optional(),
};

const contact = {
  name: requiredText(REQUIRED_MESSAGES.name, 100),
  email: EmailSchema,
  phone: optionalPhone,
};

const enquiry = {
  message: optionalMessage,
  category: optionalText(100),
  subcategory: optionalText(100),
  Rego: optionalText(20),
  location: optionalText(200),
  dealership_slug: optionalText(200),
  additional_services: z.array(text(200)).max(20).optional(),
  terms_conditions: TermsAcceptedSchema,
};

/** The vehicle-page defaults (spec 001 'Vehicle-page enquiry defaults'); the server re-reads them from the car. */
const vehicle = {
  car_id: id(LEAD_MESSAGES.car_id),
  // Pages may send the stock number as a number; it is text all the same.
  stock_number: z.preprocess((value) => (typeof value === 'number' ? String(value) : value), text(100)).optional(),
  'Vehicle Make': optionalText(100),
  'Vehicle Model': optionalText(100),
  manufacturer_slug: text(200).nullish(),
  car_type: CarTypeSchema.optional(),
  vehicle_status: CarStatusSchema.optional(),
};

const tradeInVehicle = {
  rego: optionalText(20),
  rego_state: z.enum(AU_STATES, { error: LEAD_MESSAGES.rego_state }).optional(),
  make: optionalText(100),
  model: optionalText(100),
  year: z.coerce
    .number({ error: LEAD_MESSAGES.year })
    .int(LEAD_MESSAGES.year)
    .min(1950, LEAD_MESSAGES.year)
    // Checked per call, not at load, in Sydney time like the trade-in age limit: a server running over New Year accepts next year's models.
    .refine((year) => year <= currentYear(new Date()) + 1, LEAD_MESSAGES.year)
    .optional(),
  km: optionalWholeNumber(LEAD_MESSAGES.km, 2_000_000),
};

const shapes = {
  general: {
    ...contact,
    ...enquiry,
    category: requiredText(REQUIRED_MESSAGES.category, 100),
    location: requiredText(REQUIRED_MESSAGES.location),
  },
  vehicle: { ...contact, ...enquiry, ...vehicle },
  test_drive: {
    ...contact,
    ...enquiry,
    ...vehicle,
    phone: AustralianPhoneSchema,
    preferred_time: z.iso.datetime({ offset: true, error: LEAD_MESSAGES.preferred_time }),
  },
  finance: {
    ...contact,
    ...enquiry,
    phone: AustralianPhoneSchema,
    car_id: id(LEAD_MESSAGES.car_id).optional(),
    car_type: CarTypeSchema.optional(),
    preferredDealership: optionalText(200),
    vehiclePriceBudget: optionalWholeNumber(LEAD_MESSAGES.amount),
    deposit: optionalWholeNumber(LEAD_MESSAGES.amount),
    term_years: z.coerce
      .number({ error: 'Please choose a term between 1 and 7 years.' })
      .min(1, 'Please choose a term between 1 and 7 years.')
      .max(7, 'Please choose a term between 1 and 7 years.')
      .optional(),
  },
  service: {
    ...contact,
    ...enquiry,
    phone: AustralianPhoneSchema,
    location: requiredText(REQUIRED_MESSAGES.location),
    vehicle_make: optionalText(100),
    vehicle_model: optionalText(100),
    vehicle_year: tradeInVehicle.year,
    odometer: optionalWholeNumber(LEAD_MESSAGES.km),
    preferred_date: z.iso.date({ error: LEAD_MESSAGES.preferred_date }).optional(),
  },
  parts: {
    ...contact,
    ...enquiry,
    location: requiredText(REQUIRED_MESSAGES.location),
    vehicle_make: optionalText(100),
    vehicle_model: optionalText(100),
    vin: optionalText(17),
  },
  careers: { ...contact, ...enquiry, location: requiredText(REQUIRED_MESSAGES.location), position: optionalText(200) },
  trade_in: {
    name: requiredText(REQUIRED_MESSAGES.name, 100),
    last_name: requiredText(REQUIRED_MESSAGES.last_name, 100),
    postcode: PostcodeSchema,
    phone: AustralianPhoneSchema,
    email: EmailSchema,
    ...tradeInVehicle,
    car_id: id(LEAD_MESSAGES.car_id).optional(),
    location: optionalText(200),
    dealership_slug: optionalText(200),
    message: optionalMessage,
    adjustmentAnswers: refusingProtoKey(z.record(text(100), z.union([text(500), z.number(), z.boolean()]))).optional(),
  },
  offer_accepted: {
    lead_id: z.uuid({ error: LEAD_MESSAGES.lead_id }),
    offer_accepted: z.literal(true, { error: LEAD_MESSAGES.offer_accepted }),
    form_completed: z.boolean().default(true),
    category: optionalText(100),
    subcategory: optionalText(100),
  },
  find_similar: { ...contact, ...enquiry, ...vehicle },
  request_photos: { ...contact, ...enquiry, ...vehicle },
  contact_location: { ...contact, ...enquiry, location_id: id(LEAD_MESSAGES.location_id) },
  lead: {
    name: requiredText(REQUIRED_MESSAGES.name, 100),
    last_name: requiredText(REQUIRED_MESSAGES.last_name, 100),
    postcode: PostcodeSchema,
    phone: AustralianPhoneSchema,
    email: EmailSchema,
    message: optionalMessage,
    category: optionalText(100),
    subcategory: optionalText(100),
    car_id: id(LEAD_MESSAGES.car_id).optional(),
    location: optionalText(200),
    dealership_slug: optionalText(200),
  },
} satisfies Record<LeadFormKind, z.ZodRawShape>;

/** Kinds whose lead carries a valuation the page may save against it afterwards (POST …/miscellaneous). */
export const VALUATION_FORMS: ReadonlySet<LeadFormKind> = new Set(['trade_in']);

/**
 * Kinds whose message box is governed by the site's isMessageRequired: every enquiry form with a
 * message to write, service and finance included (spec 001 §5).
 */
const MESSAGE_REQUIRED_KINDS: ReadonlySet<LeadFormKind> = new Set([
  'general',
  'vehicle',
  'finance',
  'service',
  'parts',
  'careers',
  'contact_location',
]);
/** Kinds that ask for the dealership when the site has several (no car or location decides it). */
const DEALERSHIP_REQUIRED_KINDS: ReadonlySet<LeadFormKind> = new Set(['general', 'service', 'parts', 'careers']);

export interface LeadFormOptions {
  /** Site setting isMessageRequired (forms.message_required); true unless the site disables it. */
  messageRequired?: boolean;
  /** True on sites with several dealerships, where the dealership select is shown. */
  dealershipRequired?: boolean;
}

type LeadShape<K extends LeadFormKind> = (typeof shapes)[K] & typeof envelope & { form: z.ZodLiteral<K> };

/** The schema of one form kind: strict, so a misspelt field is named rather than silently dropped. */
export function leadFormSchema<K extends LeadFormKind>(
  kind: K,
  { messageRequired = true, dealershipRequired = false }: LeadFormOptions = {},
) {
  const shape = { ...shapes[kind], ...envelope, form: z.literal(kind) } as unknown as LeadShape<K>;
  return z.strictObject(shape).superRefine(
    (value, ctx) => {
      const form = value as Record<string, unknown>;
      if (messageRequired && MESSAGE_REQUIRED_KINDS.has(kind) && !form['message']) {
        ctx.addIssue({ code: 'custom', path: ['message'], message: REQUIRED_MESSAGES.message });
      }
      if (dealershipRequired && DEALERSHIP_REQUIRED_KINDS.has(kind) && !form['dealership_slug']) {
        ctx.addIssue({ code: 'custom', path: ['dealership_slug'], message: REQUIRED_MESSAGES.dealership_slug });
      }
      if (kind === 'trade_in') {
        const byRego = Boolean(form['rego'] && form['rego_state']);
        const byDescription = Boolean(
          form['make'] && form['model'] && form['year'] !== undefined && form['km'] !== undefined,
        );
        if (!byRego && !byDescription)
          ctx.addIssue({ code: 'custom', path: ['rego'], message: LEAD_MESSAGES.trade_in_vehicle });
      }
    },
    // Run even when other fields failed, so every error of the form is listed at once.
    { when: ({ value }) => typeof value === 'object' && value !== null },
  );
}

export type LeadSubmissionOf<K extends LeadFormKind> = z.output<ReturnType<typeof leadFormSchema<K>>>;
export type LeadSubmission = { [K in LeadFormKind]: LeadSubmissionOf<K> }[LeadFormKind];

export type LeadParseResult = { success: true; data: LeadSubmission } | { success: false; error: z.ZodError };

/** Parses a submission by its `form`; an unknown or missing form is an error on `form`. */
export function parseLeadSubmission(body: unknown, options: LeadFormOptions = {}): LeadParseResult {
  const kind = z.object({ form: LeadFormKindSchema }).safeParse(body);
  if (!kind.success) return { success: false, error: kind.error };
  const result = leadFormSchema(kind.data.form, options).safeParse(body);
  return result.success
    ? { success: true, data: result.data as LeadSubmission }
    : { success: false, error: result.error };
}

/** The category and subcategory a submission files under, with the careers and offer mappings applied. */
export function leadRouting(submission: LeadSubmission): { category: string; subcategory: string | null } {
  const form = submission as { form: LeadFormKind; category?: string; subcategory?: string };
  if (form.form === 'careers' || form.category === CAREERS_CATEGORY)
    return { category: GENERAL_CATEGORY, subcategory: CAREER_SUBCATEGORY };
  if (form.form === 'offer_accepted')
    return { category: form.category || DEFAULT_CATEGORY.offer_accepted, subcategory: OFFER_ACCEPTED_SUBCATEGORY };
  return { category: form.category || DEFAULT_CATEGORY[form.form], subcategory: form.subcategory || null };
}

/** Field errors keyed by path, plus the distinct messages for the form's 'Please fix the following errors:' list. */
export function leadFormErrors(error: z.ZodError): { fields: Record<string, string>; list: string[] } {
  // A Map, not an object: a sent key named '__proto__' is a path like any other.
  const fields = new Map<string, string>();
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const path = [...issue.path.map(String), key].join('.');
        fields.set(path, `Unknown field '${path}': remove it or check its spelling`);
      }
      continue;
    }
    const path = issue.path.map(String).join('.') || 'form';
    if (!fields.has(path)) fields.set(path, issue.message);
  }
  return { fields: Object.fromEntries(fields), list: [...new Set(fields.values())] };
}
