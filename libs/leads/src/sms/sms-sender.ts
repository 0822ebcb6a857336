/** One text message to a shopper's mobile. */
export interface SmsMessage {
  siteId: number;
  /** E.164 ('+61412345678'). */
  to: string;
  body: string;
}

/**
 * Sends SMS. The SMS gateway lies outside the platform, so it sits behind this port with a working
 * development implementation (DevSmsSender) chosen when no gateway is configured.
 */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export const SMS_SENDER = Symbol('SMS_SENDER');

/** The gateway refused or could not be reached: the code was not sent. */
export class SmsSendError extends Error {
  override name = 'SmsSendError';
}
