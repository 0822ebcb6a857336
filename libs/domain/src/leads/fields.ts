import { z } from 'zod';
import { CarStatusSchema, CarTypeSchema } from '../entities/car';
import { FeedStringSchema, IdSchema } from '../entities/primitives';

export const TERMS_MESSAGE = '*You must agree to the terms of use before submitting.';
export const POSTCODE_MESSAGE = 'Invalid postcode. Please enter a 4-digit number.';
export const PHONE_MESSAGE = 'Please enter a valid Australian phone number.';
export const EMAIL_MESSAGE = 'Please enter a valid email address.';

export const REQUIRED_MESSAGES = {
  name: 'Please enter your name.',
  last_name: 'Please enter your last name.',
  message: 'Please enter a message.',
  category: 'Please select a category.',
  location: 'Please select a location.',
  dealership_slug: 'Please select a dealership.',
} as const;

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);
const optionalText = z.string().trim().optional();

export const PostcodeSchema = z
  .string({ error: POSTCODE_MESSAGE })
  .trim()
  .regex(/^\d{4}$/, POSTCODE_MESSAGE);

// Mobile 04xx xxx xxx or +61 4xx xxx xxx; landline 0[2378] xxxx xxxx or +61 [2378] xxxx xxxx; single spaces allowed.
export const AustralianPhoneSchema = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .regex(/^(?:\+61 ?|0)[23478](?: ?\d){8}$/, PHONE_MESSAGE);

export const EmailSchema = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .pipe(z.email({ error: EMAIL_MESSAGE }));

export const TermsAcceptedSchema = z.literal(true, { error: TERMS_MESSAGE });

const EnquiryFormBaseSchema = z.object({
  name: requiredText(REQUIRED_MESSAGES.name),
  email: EmailSchema,
  phone: z.union([AustralianPhoneSchema, z.literal('')]).optional(),
  message: optionalText,
  category: requiredText(REQUIRED_MESSAGES.category),
  Rego: optionalText,
  location: requiredText(REQUIRED_MESSAGES.location),
  dealership_slug: optionalText,
  opt_in: z.boolean().default(true),
  terms_conditions: TermsAcceptedSchema,
  page_id: z.union([z.string(), z.number()]).optional(),
  subcategory: optionalText,
  additional_services: z.array(z.string()).optional(),
});

export interface EnquiryFormOptions {
  /** Site setting isMessageRequired; true unless the site disables it. */
  messageRequired?: boolean;
  /** True on sites with several dealerships, where the dealership select is shown. */
  dealershipRequired?: boolean;
}

export function enquiryFormSchema({ messageRequired = true, dealershipRequired = false }: EnquiryFormOptions = {}) {
  return EnquiryFormBaseSchema.superRefine(
    (form, ctx) => {
      if (messageRequired && !form.message) {
        ctx.addIssue({ code: 'custom', path: ['message'], message: REQUIRED_MESSAGES.message });
      }
      if (dealershipRequired && !form.dealership_slug) {
        ctx.addIssue({ code: 'custom', path: ['dealership_slug'], message: REQUIRED_MESSAGES.dealership_slug });
      }
    },
    // Run even when other fields failed, so every error of the form is listed at once.
    { when: ({ value }) => typeof value === 'object' && value !== null },
  );
}
export type EnquiryForm = z.infer<typeof EnquiryFormBaseSchema>;

export const VehicleEnquiryDefaultsSchema = z.object({
  dealership_slug: z.string().nullish(),
  manufacturer_slug: z.string().nullish(),
  stock_number: FeedStringSchema,
  'Vehicle Make': z.string(),
  'Vehicle Model': z.string(),
  car_type: CarTypeSchema,
  car_id: IdSchema,
  vehicle_status: CarStatusSchema,
  opt_in: z.boolean().default(true),
  message: z.string().optional(),
  subcategory: z.string().optional(),
});
export type VehicleEnquiryDefaults = z.infer<typeof VehicleEnquiryDefaultsSchema>;

export const LeadFormSchema = z.object({
  hidden: z.string().optional(), // the specification does not name its hidden field
  name: requiredText(REQUIRED_MESSAGES.name),
  last_name: requiredText(REQUIRED_MESSAGES.last_name),
  postcode: PostcodeSchema,
  phone: AustralianPhoneSchema,
  email: EmailSchema,
});
export type LeadForm = z.infer<typeof LeadFormSchema>;
