import { z } from 'zod';
import {
  BULK_ACTIONS,
  BULK_LEADS_MAX,
  isSingleLine,
  LEAD_LOST_REASON_MAX,
  LEAD_SORTS,
  SAVED_VIEW_NAME_MAX,
} from '@platform/domain';
import { LeadFiltersSchema } from './dealer.schemas';

const LEAD_IDS_MESSAGE = `leadIds is a list of 1 to ${BULK_LEADS_MAX} lead ids.`;

/**
 * POST /api/dealer/leads/bulk: the same lead twice counts once. Assigning needs `userId` (null
 * unassigns); closing needs the reason the leads were lost (checked per lead by leadTransition).
 */
export const LeadBulkSchema = z
  .strictObject({
    action: z.enum(BULK_ACTIONS, { error: "action is 'assign' or 'close'." }),
    leadIds: z
      .array(z.uuid({ error: 'Each of leadIds is the id of a lead.' }), { error: LEAD_IDS_MESSAGE })
      .min(1, LEAD_IDS_MESSAGE)
      .max(BULK_LEADS_MAX, LEAD_IDS_MESSAGE)
      .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
    userId: z.uuid({ error: 'userId is the id of a user of the leads’ dealership, or null to unassign.' }).nullish(),
    reason: z
      .string({ error: 'reason is text: why the leads were lost.' })
      .max(LEAD_LOST_REASON_MAX * 2, `Keep the reason under ${LEAD_LOST_REASON_MAX} characters.`)
      .refine((text) => isSingleLine(text), { error: 'The reason must be one line of text.' })
      .nullish(),
  })
  .superRefine((body, context) => {
    if (body.action === 'assign' && body.userId === undefined)
      context.addIssue({ code: 'custom', path: ['userId'], message: 'Choose who gets the leads (userId, or null).' });
    if (body.action === 'close' && !body.reason?.trim())
      context.addIssue({ code: 'custom', path: ['reason'], message: 'Say why the leads were lost.' });
  });
export type LeadBulk = z.infer<typeof LeadBulkSchema>;

export const BulkBatchIdSchema = z.uuid();

/** The inbox's filters a saved view keeps: the list's filters with its order (never a page). */
export const SavedViewFiltersSchema = LeadFiltersSchema.safeExtend({
  sort: z.enum(LEAD_SORTS, { error: "sort is 'newest' or 'due'." }).optional(),
}).strict();
export type SavedViewFilters = z.infer<typeof SavedViewFiltersSchema>;

const NAME_MESSAGE = `Name the view in 1 to ${SAVED_VIEW_NAME_MAX} characters, such as My overdue test drives.`;

/** POST /api/dealer/saved-views */
export const SavedViewCreateSchema = z.strictObject({
  name: z
    .string({ error: NAME_MESSAGE })
    .trim()
    .min(1, NAME_MESSAGE)
    .max(SAVED_VIEW_NAME_MAX, NAME_MESSAGE)
    .refine((text) => isSingleLine(text), { error: 'The name must be one line of text.' }),
  filters: SavedViewFiltersSchema,
});
export type SavedViewCreate = z.infer<typeof SavedViewCreateSchema>;

export const SavedViewIdSchema = z.uuid();
