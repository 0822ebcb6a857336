import { z } from 'zod';
import { TASK_KINDS, TASK_TITLE_MAX, TASK_VIEWS } from '@platform/domain';

/**
 * POST /api/dealer/leads/{id}/tasks. Bounded here; the domain's checkTask decides the rest (the
 * due time's range, the title trimmed and on one line) and names the field it refuses.
 */
export const LeadTaskCreateSchema = z.object({
  kind: z.enum(TASK_KINDS, { error: "kind is 'call_back', 'test_drive', 'finance_docs' or 'other'." }),
  dueAt: z.iso.datetime({
    offset: true,
    error: 'dueAt is when the task is due, in ISO 8601 with its offset, such as 2026-12-05T15:30:00+11:00.',
  }),
  title: z
    .string({ error: 'title is a line of text saying what is to be done.' })
    .max(TASK_TITLE_MAX * 2, `Keep the title under ${TASK_TITLE_MAX} characters.`)
    .nullish(),
  assigneeId: z.uuid({ error: "assigneeId is the id of an owner or salesperson of the lead's dealership." }).nullish(),
});
export type LeadTaskCreate = z.infer<typeof LeadTaskCreateSchema>;

export const LeadTaskIdSchema = z.uuid();

/** GET /api/dealer/tasks */
export const TaskListQuerySchema = z.object({
  view: z.enum(TASK_VIEWS, { error: "view is 'mine', 'overdue' or 'today'." }).default('mine'),
  dealership: z
    .string()
    .regex(/^[a-z0-9-]{1,100}$/, 'dealership is the slug of one of your dealerships, such as north-motors.')
    .optional(),
});
export type TaskListQuery = z.infer<typeof TaskListQuerySchema>;
