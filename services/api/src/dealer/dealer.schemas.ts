import { z } from 'zod';
import {
  consoleNextPath,
  DEALER_ROLES,
  hasControlCharacters,
  isSingleLine,
  CALL_OUTCOMES,
  checkDateRange,
  isCalendarDay,
  LEAD_LOST_REASON_MAX,
  LEAD_SORTS,
  LEAD_STATUSES,
  LEAD_VIEWS,
  MAX_REDIRECT_LENGTH,
} from '@platform/domain';
import { CODE_DIGITS } from '../sign-in/sign-in-secrets';

/** A dealer user's email, as sign-in codes and links are sent to it: trimmed and lower case. */
const DealerEmailSchema = z
  .string({ error: 'Enter the email address sign-in links are sent to.' })
  .trim()
  .toLowerCase()
  .max(254, 'An email address is at most 254 characters.')
  .pipe(z.email({ error: 'Enter an email address such as sam@dealer.com.au.' }));

/** The site a console request is for, when no site's host named it (the api's own clients). */
const ConsoleSiteSchema = z
  .string({ error: 'site is the slug of your dealer website, such as north-motors.' })
  .regex(/^[a-z0-9-]{1,100}$/, 'site is the slug of your dealer website, such as north-motors.')
  .optional();

const CODE_MESSAGE = `Enter the ${CODE_DIGITS}-digit code from the email.`;

/** Asking for a sign-in code by email. */
/**
 * The console page to open after signing in (the page that sent the user to sign in), carried in
 * the emailed link: only a console page of the site, as the browser will read it.
 */
export const ConsoleNextSchema = z
  .string({ error: 'next is a page of the dealer console, such as /dealer/leads/{id}.' })
  .max(MAX_REDIRECT_LENGTH, 'next is a page of the dealer console, such as /dealer/leads/{id}.')
  .transform((next, context) => {
    const path = consoleNextPath(next);
    if (path === null) {
      context.addIssue({
        code: 'custom',
        message: 'next is a page of the dealer console, such as /dealer/leads/{id}.',
      });
      return z.NEVER;
    }
    return path;
  });

export const DealerCodeRequestSchema = z.strictObject({
  email: DealerEmailSchema,
  site: ConsoleSiteSchema,
  next: ConsoleNextSchema.optional(),
});

/** Signing in with the emailed code (spaces forgiven: mail clients may show it as '123 456'). */
export const DealerCodeSignInSchema = z.strictObject({
  email: DealerEmailSchema,
  code: z
    .string({ error: CODE_MESSAGE })
    .max(40, CODE_MESSAGE)
    .transform((code) => code.replace(/\s/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${CODE_DIGITS}}$`), CODE_MESSAGE)),
  site: ConsoleSiteSchema,
});

export type DealerCodeRequest = z.infer<typeof DealerCodeRequestSchema>;
export type DealerCodeSignIn = z.infer<typeof DealerCodeSignInSchema>;

/** A dealer user as ops (or an owner) adds them to a dealership. */
export const DealerUserInputSchema = z.object({
  email: DealerEmailSchema,
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

export const DealershipSlugSchema = z
  .string({ error: 'dealership is the slug of one of your dealerships, such as north-motors.' })
  .regex(/^[a-z0-9-]{1,100}$/, 'dealership is the slug of one of your dealerships, such as north-motors.');

/** An owner inviting a user to one of their dealerships. */
export const DealerInviteSchema = z.strictObject({ ...DealerUserInputSchema.shape, dealership: DealershipSlugSchema });
export type DealerInvite = z.infer<typeof DealerInviteSchema>;

/** An owner giving a user of one of their dealerships another role there. */
export const DealerRoleChangeSchema = z.strictObject({
  dealership: DealershipSlugSchema,
  role: DealerUserInputSchema.shape.role,
});
export type DealerRoleChange = z.infer<typeof DealerRoleChangeSchema>;

export const DealershipQuerySchema = z.object({ dealership: DealershipSlugSchema });
export type DealershipQuery = z.infer<typeof DealershipQuerySchema>;

/** The audit log's page: newest first, `before` the id the last page ended at. */
export const AuditQuerySchema = z.object({
  dealership: DealershipSlugSchema.optional(),
  limit: z.coerce
    .number({ error: 'limit is a whole number from 1 to 100.' })
    .int('limit is a whole number from 1 to 100.')
    .min(1, 'limit is a whole number from 1 to 100.')
    .max(100, 'limit is a whole number from 1 to 100.')
    .default(50),
  before: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, "before is the previous page's next.")
    .optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** "status is 'new', 'contacted', 'appointment', 'won' or 'lost'.", from the domain's list. */
const STATUS_MESSAGE = `status is ${LEAD_STATUSES.slice(0, -1)
  .map((status) => `'${status}'`)
  .join(', ')} or '${LEAD_STATUSES.at(-1)}'.`;

export const DealerUserIdSchema = z.uuid();
export const LeadIdSchema = z.uuid();

/**
 * A day of the dealership's calendar, YYYY-MM-DD, that really is one (2026-02-30 is refused). An
 * empty value (a date input left blank) is a range left open.
 */
const calendarDay = (field: 'from' | 'to', what: string) =>
  z
    .string({ error: `${field} is ${what}.` })
    .max(10, `${field} is ${what}.`)
    .refine((text) => text === '' || isCalendarDay(text), { error: `${field} is ${what}.` })
    .transform((text) => text || undefined)
    .optional();

/** The range never runs backwards: the refusal names `to` (the domain's checkDateRange). */
const dateRangeInOrder = (range: { from?: string; to?: string }, context: z.RefinementCtx): void => {
  const checked = checkDateRange(range.from, range.to);
  if (!checked.ok) context.addIssue({ code: 'custom', path: [checked.field], message: checked.message });
};

/** The leads inbox's filters, from the query string: the list, the new-lead poll and the CSV export share them. */
export const LeadFiltersSchema = z
  .object({
    dealership: z
      .string()
      .regex(/^[a-z0-9-]{1,100}$/, 'A dealership is named by its slug, such as north-motors.')
      .optional(),
    form: z
      .string()
      .regex(/^[a-z_]{1,40}$/, 'A form is named by its kind, such as vehicle or test_drive.')
      .optional(),
    status: z.enum(LEAD_STATUSES, { error: STATUS_MESSAGE }).optional(),
    car: z
      .string()
      .trim()
      .min(1, 'car is the stock number of a car, such as U1234.')
      .max(60, 'car is the stock number of a car, at most 60 characters.')
      .refine((text) => isSingleLine(text), { error: 'car must be one line of text.' })
      .optional(),
    q: z
      .string()
      .trim()
      .max(100, 'Please keep the search under 100 characters.')
      .refine((text) => isSingleLine(text), { error: 'The search must be one line of text.' })
      .optional(),
    view: z.enum(LEAD_VIEWS, { error: "view is 'mine', 'unassigned', 'overdue' or 'today'." }).optional(),
    from: calendarDay('from', 'the first day of the range, such as 2026-03-01'),
    to: calendarDay('to', 'the last day of the range, such as 2026-03-31'),
  })
  .superRefine(dateRangeInOrder);
export type LeadFilters = z.infer<typeof LeadFiltersSchema>;

const instant = (what: string) => z.iso.datetime({ offset: true, error: `${what}, in ISO 8601.` }).optional();

export const LeadListQuerySchema = LeadFiltersSchema.safeExtend({
  limit: z.coerce
    .number({ error: 'limit is a whole number from 1 to 100.' })
    .int('limit is a whole number from 1 to 100.')
    .min(1, 'limit is a whole number from 1 to 100.')
    .max(100, 'limit is a whole number from 1 to 100.')
    .default(50),
  before: instant('before is the createdAt of the last lead shown'),
  after: instant('after is the createdAt of the newest lead shown: only newer leads are listed'),
  sort: z.enum(LEAD_SORTS, { error: "sort is 'newest' or 'due'." }).default('newest'),
});
export type LeadListQuery = z.infer<typeof LeadListQuerySchema>;

/** POST /api/dealer/leads/{id}/status: the move itself is checked by the domain rule (leadTransition). */
export const LeadStatusChangeSchema = z.object({
  status: z.enum(LEAD_STATUSES, { error: STATUS_MESSAGE }),
  reason: z
    .string({ error: 'reason is text: why the lead was lost.' })
    .max(LEAD_LOST_REASON_MAX * 2, `Keep the reason under ${LEAD_LOST_REASON_MAX} characters.`)
    .refine((text) => isSingleLine(text), { error: 'The reason must be one line of text.' })
    .nullish(),
});
export type LeadStatusChange = z.infer<typeof LeadStatusChangeSchema>;

/** POST /api/dealer/leads/{id}/assignee: a user of the lead's dealership, or null to unassign. */
export const LeadAssigneeSchema = z.object({
  userId: z.uuid({ error: "userId is the id of a user of the lead's dealership, or null to unassign." }).nullable(),
});
export type LeadAssignee = z.infer<typeof LeadAssigneeSchema>;

/** The longest private note kept (the table's check says the same). */
export const LEAD_NOTE_MAX = 2000;

/** POST /api/dealer/leads/{id}/notes */
export const LeadNoteSchema = z.object({
  body: z
    .string({ error: 'Write the note.' })
    .trim()
    .min(1, 'Write the note.')
    .max(LEAD_NOTE_MAX, `Keep a note under ${LEAD_NOTE_MAX} characters.`)
    // Line breaks are welcome in a note; other control characters (NUL included) are not text.
    .refine((text) => !hasControlCharacters(text), {
      error: 'The note must be plain text: remove control characters.',
    }),
});

/** POST /api/dealer/leads/{id}/calls: a call made to the shopper, as the salesperson logs it. */
export const LeadCallSchema = z.object({
  outcome: z.enum(CALL_OUTCOMES, { error: "outcome is 'spoke', 'left_message' or 'no_answer'." }),
  /** What was said: kept as a private note on the lead, like any other. */
  note: LeadNoteSchema.shape.body.optional(),
});
export type LeadCall = z.infer<typeof LeadCallSchema>;

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
