import type { ResponseState } from '@platform/domain';

/** Whole minutes in the console's short words: '35 min', '2 h 5 min', '2 h'; '—' for none (the reports). */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '—';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/** A span of time in the console's short words: '45 s' never shows; '4 min', '2 h 5 min', '3 days'. */
export function formatSpan(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 1) return 'under a minute';
  if (minutes < 24 * 60) return formatMinutes(minutes);
  const days = Math.floor(minutes / (24 * 60));
  return days === 1 ? '1 day' : `${days} days`;
}

/** A clock time on the dealership's clock, with the weekday when it is not today there: '9:05 am', 'Mon 8:05 am'. */
function dueTime(iso: string, now: Date, timeZone: string): string {
  const day = (at: Date) => new Intl.DateTimeFormat('en-AU', { dateStyle: 'short', timeZone }).format(at);
  const time = new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));
  if (day(new Date(iso)) === day(now)) return time;
  return `${new Intl.DateTimeFormat('en-AU', { weekday: 'short', timeZone }).format(new Date(iso))} ${time}`;
}

export interface LeadClock {
  state: ResponseState;
  /** The badge's words: 'Overdue by 12 min', 'Due in 2 min', 'Due 9:05 am', 'Answered in 4 min'. */
  text: string;
}

/**
 * A lead's first-response clock as the inbox and the lead page say it, read at `now` (the page's
 * render). Null for a lead without a clock (from before the desk).
 */
export function leadClock(
  response: {
    dueAt: string | null;
    firstResponseAt: string | null;
    state: ResponseState | null;
    minutes: number | null;
  },
  now: Date,
  timeZone: string,
  createdAt?: string,
): LeadClock | null {
  if (!response.state || !response.dueAt) return null;
  const left = new Date(response.dueAt).getTime() - now.getTime();
  switch (response.state) {
    case 'answered': {
      // Answered while the dealership was closed: no time passed on its clock, though some did.
      const waited =
        createdAt && response.firstResponseAt ? Date.parse(response.firstResponseAt) - Date.parse(createdAt) : 0;
      if (response.minutes === 0 && waited >= 60_000) return { state: 'answered', text: 'Answered out of hours' };
      return {
        state: 'answered',
        text: response.minutes === null ? 'Answered' : `Answered in ${formatSpan(response.minutes * 60_000)}`,
      };
    }
    case 'overdue':
      return { state: 'overdue', text: `Overdue by ${formatSpan(-left)}` };
    case 'due_soon':
      return { state: 'due_soon', text: `Due in ${formatSpan(left)}` };
    case 'on_time':
      return { state: 'on_time', text: `Due ${dueTime(response.dueAt, now, timeZone)}` };
  }
}
