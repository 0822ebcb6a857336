import { z } from 'zod';
import { DEALER_ROLES, isSingleLine } from '@platform/domain';

/** A dealer user as ops (or an owner) adds them to a dealership. */
export const DealerUserInputSchema = z.object({
  email: z
    .string({ error: 'Enter the email address sign-in links are sent to.' })
    .trim()
    .toLowerCase()
    .max(254, 'An email address is at most 254 characters.')
    .pipe(z.email({ error: 'Enter an email address such as sam@dealer.com.au.' })),
  name: z
    .string({ error: "Enter the person's name." })
    .trim()
    .min(1, "Enter the person's name.")
    .max(120, 'Please keep the name under 120 characters.')
    .refine((text) => isSingleLine(text), { error: 'The name must be one line of text.' }),
  role: z.enum(DEALER_ROLES, { error: "The role is 'owner', 'sales' or 'viewer'." }),
});
export type DealerUserInput = z.infer<typeof DealerUserInputSchema>;

/** Sign-in link tokens are 32 random bytes in base64url. */
export const SignInLinkSchema = z.object({
  token: z
    .string({ error: 'Open the sign-in link from its message again: the token is missing.' })
    .regex(/^[A-Za-z0-9_-]{43}$/, 'This sign-in link is not complete. Open it from its message again.'),
});

export const DealerUserIdSchema = z.uuid();
export const LeadIdSchema = z.uuid();

/** The leads inbox's filters, from the query string. */
export const LeadListQuerySchema = z.object({
  dealership: z
    .string()
    .regex(/^[a-z0-9-]{1,100}$/, 'A dealership is named by its slug, such as north-motors.')
    .optional(),
  form: z
    .string()
    .regex(/^[a-z_]{1,40}$/, 'A form is named by its kind, such as vehicle or test_drive.')
    .optional(),
  q: z
    .string()
    .trim()
    .max(100, 'Please keep the search under 100 characters.')
    .refine((text) => isSingleLine(text), { error: 'The search must be one line of text.' })
    .optional(),
  limit: z.coerce
    .number({ error: 'limit is a whole number from 1 to 100.' })
    .int('limit is a whole number from 1 to 100.')
    .min(1, 'limit is a whole number from 1 to 100.')
    .max(100, 'limit is a whole number from 1 to 100.')
    .default(50),
  before: z.iso
    .datetime({ offset: true, error: 'before is the createdAt of the last lead shown, in ISO 8601.' })
    .optional(),
});
export type LeadListQuery = z.infer<typeof LeadListQuerySchema>;

const DealershipSlugSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,100}$/, 'A dealership is named by its slug, such as north-motors.');

export const ReservationIdSchema = z.uuid();
export const FeedRunIdSchema = z.uuid();
/** A feed key's id, as it appears in a path. */
export const FeedKeyIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(z.int().max(2_147_483_647));

/** The reservations list's filters. */
export const ReservationListQuerySchema = z.object({
  dealership: DealershipSlugSchema.optional(),
  status: z
    .enum(['active', 'ended', 'all'], { error: "status is 'active' (awaiting payment or held), 'ended' or 'all'." })
    .default('all'),
  limit: z.coerce
    .number({ error: 'limit is a whole number from 1 to 200.' })
    .int('limit is a whole number from 1 to 200.')
    .min(1, 'limit is a whole number from 1 to 200.')
    .max(200, 'limit is a whole number from 1 to 200.')
    .default(100),
});
export type ReservationListQuery = z.infer<typeof ReservationListQuerySchema>;

/** Extending a hold: how many more hours (the dealership's reservations.max_extension_hours bounds it). */
export const ExtendHoldSchema = z.strictObject({
  hours: z
    .number({ error: 'hours is a whole number of hours, such as 24.' })
    .int('hours is a whole number of hours, such as 24.')
    .min(1, 'hours is at least 1.')
    .max(168, 'hours is at most 168 (a week).'),
});
export type ExtendHold = z.infer<typeof ExtendHoldSchema>;

/** The feed runs list's filters. */
export const FeedRunListQuerySchema = z.object({
  dealership: DealershipSlugSchema.optional(),
  limit: z.coerce
    .number({ error: 'limit is a whole number from 1 to 100.' })
    .int('limit is a whole number from 1 to 100.')
    .min(1, 'limit is a whole number from 1 to 100.')
    .max(100, 'limit is a whole number from 1 to 100.')
    .default(30),
});
export type FeedRunListQuery = z.infer<typeof FeedRunListQuerySchema>;

/** A new feed key: for which dealership (optional when the user owns exactly one). */
export const CreateFeedKeySchema = z.strictObject({ dealership: DealershipSlugSchema.optional() });
export type CreateFeedKey = z.infer<typeof CreateFeedKeySchema>;
