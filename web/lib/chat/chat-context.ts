/**
 * A page tells the chat what it is about with one element carrying these data attributes (the
 * vehicle page: its car and the car's dealership); the launcher reads them when the shopper opens
 * the chat, so the launcher itself can live in the site's shell and stay the same on every page.
 */
export const CHAT_CONTEXT_ATTRIBUTE = 'data-chat-context';

export function chatContextAttributes(context: {
  message: string;
  messageHref: string;
  smsNumber: string | null;
}): Record<string, string> {
  return {
    [CHAT_CONTEXT_ATTRIBUTE]: '',
    'data-chat-message': context.message,
    'data-chat-message-href': context.messageHref,
    ...(context.smsNumber ? { 'data-chat-sms': context.smsNumber } : {}),
  };
}
