/** Times in the console: a dealer's staff read them in Australian time, day first. */
const WHEN = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Australia/Sydney',
});

export const formatWhen = (iso: string): string => WHEN.format(new Date(iso));
