/** Times in the console: a dealer's staff read them in Australian time, day first. */
const WHEN = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Australia/Sydney',
});

export const formatWhen = (iso: string): string => WHEN.format(new Date(iso));

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
