/**
 * The counts on the console's navigation (issue 53): what each badge says, shown and read out.
 * Pure, so the server's first render and the browser's polls say exactly the same thing.
 */

export interface NavCounts {
  leads: { new: number; overdue: number; mine: number };
  reservations: { active: number };
  /** The user's own open tasks due by the end of today, and those overdue (absent from an older api). */
  tasks?: { due: number; overdue: number };
}

/** One badge: its visible text, the words a screen reader hears after the link's label, its tone. */
export interface NavBadge {
  key: string;
  shown: string;
  spoken: string;
  tone: 'count' | 'late';
}

/** The badges beside a navigation link: none for a page without counts, nor for a count of 0. */
export function navBadges(href: string, counts: NavCounts | null): NavBadge[] {
  if (!counts) return [];
  const badges: NavBadge[] = [];
  if (href === '/dealer') {
    if (counts.leads.new > 0)
      badges.push({ key: 'new', shown: String(counts.leads.new), spoken: `${counts.leads.new} new`, tone: 'count' });
    if (counts.leads.overdue > 0)
      badges.push({
        key: 'overdue',
        shown: `${counts.leads.overdue} overdue`,
        spoken: `${counts.leads.overdue} overdue`,
        tone: 'late',
      });
  } else if (href === '/dealer/tasks' && counts.tasks) {
    // Overdue ones are among those due: the first badge says how many are due, the second how late.
    if (counts.tasks.due > 0)
      badges.push({ key: 'due', shown: String(counts.tasks.due), spoken: `${counts.tasks.due} due`, tone: 'count' });
    if (counts.tasks.overdue > 0)
      badges.push({
        key: 'tasks-overdue',
        shown: `${counts.tasks.overdue} overdue`,
        spoken: `${counts.tasks.overdue} overdue`,
        tone: 'late',
      });
  } else if (href === '/dealer/reservations' && counts.reservations.active > 0) {
    badges.push({
      key: 'active',
      shown: String(counts.reservations.active),
      spoken: `${counts.reservations.active} active`,
      tone: 'count',
    });
  }
  return badges;
}

const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 1e9 ? value : null;

/** A poll's answer as counts, or null when it is not one (an old api, a proxy's error page). */
export function parseNavCounts(body: unknown): NavCounts | null {
  const leads = (body as { leads?: Record<string, unknown> } | null)?.leads;
  const reservations = (body as { reservations?: Record<string, unknown> } | null)?.reservations;
  const fresh = count(leads?.['new']);
  const overdue = count(leads?.['overdue']);
  const mine = count(leads?.['mine']);
  const active = count(reservations?.['active']);
  if (fresh === null || overdue === null || mine === null || active === null) return null;
  const tasks = (body as { tasks?: Record<string, unknown> } | null)?.tasks;
  const due = count(tasks?.['due']);
  const late = count(tasks?.['overdue']);
  return {
    leads: { new: fresh, overdue, mine },
    reservations: { active },
    ...(due !== null && late !== null ? { tasks: { due, overdue: late } } : {}),
  };
}
