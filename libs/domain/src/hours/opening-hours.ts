/** 'HH:mm' (24 h) to '8:30am' style, as Australian dealer sites print hours. */
export function formatClockTime(time: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  const minutes = match[2];
  const suffix = hours >= 12 ? 'pm' : 'am';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return minutes === '00' ? `${twelve}${suffix}` : `${twelve}:${minutes}${suffix}`;
}

/** The formated_hours text of an opening hour entry: 'Closed' or '8:30am - 5:30pm'. */
export function formatOpeningHours(status: 'Open' | 'Closed', open: string | null, close: string | null): string {
  if (status === 'Closed' || !open || !close) return 'Closed';
  return `${formatClockTime(open)} - ${formatClockTime(close)}`;
}
