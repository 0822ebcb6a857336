const whenIn = new Map<string, Intl.DateTimeFormat>();

/**
 * Times in the console: a dealer's staff read them day first, on their dealership's clock when
 * the page knows it (a lead's), else Sydney's.
 */
export function formatWhen(iso: string, timeZone = 'Australia/Sydney'): string {
  let format = whenIn.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', {
      day: 'numeric',
      month: 'short',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
    });
    whenIn.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/** A feed run's status in words (the dealer console's feed page and the ops console's sites list). */
export const FEED_RUN_LABELS: Readonly<Record<string, string>> = {
  queued: 'Queued',
  running: 'Running',
  held: 'Held: needs a decision',
  succeeded: 'Succeeded',
  partial: 'Partial: some rows rejected',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** A run's status in words: a rejected snapshot is 'failed' to the api but was a decision, not a failure. */
export const feedRunLabel = (run: { status: string; rejected?: boolean }): string =>
  run.rejected ? 'Rejected' : (FEED_RUN_LABELS[run.status] ?? run.status);
