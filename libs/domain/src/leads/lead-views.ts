/**
 * The inbox's views of a dealership's leads (issue 53): everything, the user's own, those nobody
 * has taken, those past their first-response time, and today's. The api filters by them and
 * counts them; the console draws them as tabs with their counts.
 */
export const LEAD_VIEWS = ['mine', 'unassigned', 'overdue', 'today'] as const;
export type LeadView = (typeof LEAD_VIEWS)[number];

export const LEAD_VIEW_LABELS: Record<LeadView | 'all', string> = {
  all: 'All',
  mine: 'My leads',
  unassigned: 'Unassigned',
  overdue: 'Overdue',
  today: 'Today',
};

/** How the inbox is ordered: newest first, or the queue (unanswered first, soonest due first). */
export const LEAD_SORTS = ['newest', 'due'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];

/** How a call the salesperson logged went. */
export const CALL_OUTCOMES = ['spoke', 'left_message', 'no_answer'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  spoke: 'Spoke to them',
  left_message: 'Left a message',
  no_answer: 'No answer',
};
