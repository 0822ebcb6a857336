/**
 * The chat port. A chat provider lies outside the platform (a dealer's third-party chat service), so
 * the launcher talks to it only through this interface; the platform's own chat (the enquiry form
 * prefilled, or a text to the dealership) is the working local implementation the demo uses, and
 * stands in whenever a third-party widget cannot be opened.
 */

/** What the page the shopper is on says about the conversation they might start. */
export interface ChatContext {
  siteSlug: string;
  /** The page's path, so a dealer's agent sees where the shopper is. */
  path: string;
  /** A first message in the shopper's words ("I'm interested in the 2021 Toyota RAV4 GX"). */
  message: string;
  /** Where 'Send us a message' goes: the vehicle page's enquiry form, or the contact page. */
  messageHref: string;
  /** The number 'Text us' texts (the car's dealership, else the site's primary location), or null. */
  smsNumber: string | null;
}

export interface ChatProvider {
  /** Opens the chat; resolves false when it could not, so the caller shows the local chat instead. */
  open(context: ChatContext): Promise<boolean>;
}

/** What a third-party widget script defines on window once loaded: the contract a dealer's chat adapts to. */
export interface ChatWidgetApi {
  open(context: Pick<ChatContext, 'siteSlug' | 'path' | 'message'>): void | Promise<void>;
}

declare global {
  interface Window {
    PlatformChatWidget?: ChatWidgetApi;
  }
}

/** How long a widget script may take before the local chat stands in. */
export const CHAT_WIDGET_TIMEOUT_MS = 8000;

export type ScriptLoader = (url: string) => Promise<void>;

/**
 * Adds the script once per page, from the page's own code, so the CSP's 'strict-dynamic' lets it
 * run; a failed load may be tried again on the next open.
 */
const loads = new Map<string, Promise<void>>();
export const loadScriptOnce: ScriptLoader = (url) => {
  let load = loads.get(url);
  if (!load) {
    load = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`${url} could not be loaded`));
      document.head.append(script);
    });
    load.catch(() => loads.delete(url));
    loads.set(url, load);
  }
  return load;
};

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no chat widget after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * A third-party widget: its script loads only when a shopper first opens the chat (never with the
 * page, so anonymous pages stay as fast as without it), then it is asked to open. Any failure
 * (unreachable, slow, no PlatformChatWidget) is logged and answers false.
 */
export function widgetChatProvider(
  scriptUrl: string,
  options: { load?: ScriptLoader; widget?: () => ChatWidgetApi | undefined; timeoutMs?: number } = {},
): ChatProvider {
  const load = options.load ?? loadScriptOnce;
  const widget = options.widget ?? (() => window.PlatformChatWidget);
  const timeoutMs = options.timeoutMs ?? CHAT_WIDGET_TIMEOUT_MS;
  return {
    async open(context) {
      try {
        await within(load(scriptUrl), timeoutMs);
        const api = widget();
        if (!api) throw new Error(`${scriptUrl} did not define PlatformChatWidget`);
        await within(
          Promise.resolve(api.open({ siteSlug: context.siteSlug, path: context.path, message: context.message })),
          timeoutMs,
        );
        return true;
      } catch (error) {
        console.warn('[chat] the chat widget could not open; the local chat stands in:', (error as Error).message); // eslint-disable-line no-console
        return false;
      }
    },
  };
}

/** The platform's own chat: shows its panel (the enquiry form prefilled, a text to the dealership). */
export function localChatProvider(show: (context: ChatContext) => void): ChatProvider {
  return {
    async open(context) {
      show(context);
      return true;
    },
  };
}

/**
 * 'sms:0398765432?&body=…': the number's digits (a leading + kept) and a first message. The '?&'
 * form is the one both iOS and Android read the body from. Null when there is nothing to text.
 */
export function smsHref(number: string | null | undefined, body: string): string | null {
  const trimmed = number?.trim() ?? '';
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 6) return null;
  return `sms:${trimmed.startsWith('+') ? '+' : ''}${digits}?&body=${encodeURIComponent(body)}`;
}
