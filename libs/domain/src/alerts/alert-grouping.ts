import type { AlertKind } from './car-alerts';
import type { AlertChannel } from './saved-search';

/** An alert waiting to be sent, as grouping reads it. */
export interface WaitingAlert {
  id: string;
  shopperId: string;
  /** The channels its saved search or followed car alerts by. */
  channels: readonly string[];
  /** Whether it has an address for email. */
  hasEmail: boolean;
}

/** One notification: a shopper's message per channel, each listing the alerts it carries. */
export interface GroupedNotification {
  shopperId: string;
  messages: { channel: AlertChannel; alertIds: string[] }[];
  /** Every alert of the notification (sent by at least one channel, or by none when no channel can carry it). */
  alertIds: string[];
}

/**
 * Groups the alerts one matcher run (or one dispatch pass) found into at most one message per
 * shopper and channel: a feed listing five matching cars makes one text, not five. Order is kept:
 * each message lists its alerts oldest first. An email alert without an address has no email message.
 */
export function groupAlertsByShopper(alerts: readonly WaitingAlert[]): GroupedNotification[] {
  const byShopper = new Map<string, GroupedNotification>();
  for (const alert of alerts) {
    let notification = byShopper.get(alert.shopperId);
    if (!notification) {
      notification = { shopperId: alert.shopperId, messages: [], alertIds: [] };
      byShopper.set(alert.shopperId, notification);
    }
    notification.alertIds.push(alert.id);
    for (const channel of new Set(alert.channels)) {
      if (channel !== 'email' && channel !== 'sms') continue;
      if (channel === 'email' && !alert.hasEmail) continue;
      let message = notification.messages.find((m) => m.channel === channel);
      if (!message) {
        message = { channel, alertIds: [] };
        notification.messages.push(message);
      }
      message.alertIds.push(alert.id);
    }
  }
  return [...byShopper.values()];
}

/** What a grouped message's headline needs of each alert. */
export interface SummaryAlert {
  kind: AlertKind;
  savedSearchId: string | null;
  savedSearchName: string | null;
}

/**
 * The headline of a message carrying several alerts: '3 new cars match Used Toyota RAV4 under
 * $40,000' when they are one saved search's new matches, else a count of what they are about.
 */
export function groupedAlertSummary(alerts: readonly SummaryAlert[]): string {
  const n = alerts.length;
  const searches = new Set(alerts.map((alert) => alert.savedSearchId));
  const allNew = alerts.every((alert) => alert.kind === 'new_match');
  if (allNew && searches.size === 1) {
    const name = alerts[0]?.savedSearchName ?? 'your saved search';
    return `${n} new ${n === 1 ? 'car matches' : 'cars match'} ${name}`;
  }
  if (allNew) return `${n} new cars match your saved searches`;
  if (alerts.every((alert) => alert.savedSearchId === null)) return `${n} updates on cars you follow`;
  return `${n} updates on your saved searches and cars`;
}

// GSM 03.38: the characters a text carries in 7 bits (160 to a single message, 153 to each part of
// a longer one); the extension table's characters take two. Any other character makes the whole
// text UCS-2: 70 to a single message, 67 to each part.
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENDED = new Set('^{}\\[~]|€');

/** How many SMS parts a text is sent as. */
export function smsSegments(text: string): number {
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (GSM_BASIC.has(char)) septets += 1;
    else if (GSM_EXTENDED.has(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return septets <= 160 ? 1 : Math.ceil(septets / 153);
  const units = text.length;
  return units <= 70 ? 1 : Math.ceil(units / 67);
}

/** Parts an alert text may take at most: a longer one costs the dealer more and reads badly. */
export const MAX_ALERT_SMS_SEGMENTS = 3;

/**
 * A text built around a variable part (a search's or car's name) that fits MAX_ALERT_SMS_SEGMENTS:
 * the variable part is shortened (ending '...', which keeps GSM) until it fits, down to nothing.
 * The fixed parts (who it is from, the links, how to stop) are never cut.
 */
export function fitSms(build: (variable: string) => string, variable: string): string {
  let text = build(variable);
  if (smsSegments(text) <= MAX_ALERT_SMS_SEGMENTS) return text;
  const chars = [...variable];
  let lo = 0;
  let hi = chars.length;
  // The longest prefix that fits (more text never takes fewer parts).
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (smsSegments(build(`${chars.slice(0, mid).join('').trimEnd()}...`)) <= MAX_ALERT_SMS_SEGMENTS) lo = mid;
    else hi = mid - 1;
  }
  text = build(lo > 0 ? `${chars.slice(0, lo).join('').trimEnd()}...` : '');
  return text;
}
