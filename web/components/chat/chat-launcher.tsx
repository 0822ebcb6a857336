'use client';

import { useEffect, useMemo, useState } from 'react';
import { ModalDialog } from '@/components/ui/modal-dialog';
import {
  localChatProvider,
  smsHref,
  widgetChatProvider,
  type ChatContext,
  type ChatProvider,
} from '@/lib/chat/chat-provider';
import { CHAT_CONTEXT_ATTRIBUTE } from '@/lib/chat/chat-context';
import styles from './chat.module.css';

export const CHAT_LABEL = 'Chat with us';

/** The bottom bar's state as the vehicle page's scroll chrome sets it on <html>; pages without one read closed. */
function useBottomBarState(): 'open' | 'closed' {
  const [state, setState] = useState<'open' | 'closed'>('closed');
  useEffect(() => {
    const root = document.documentElement;
    const read = () => setState(root.dataset['bottomBar'] === 'open' ? 'open' : 'closed');
    read();
    const observer = new MutationObserver(read);
    observer.observe(root, { attributes: true, attributeFilter: ['data-bottom-bar'] });
    return () => observer.disconnect();
  }, []);
  return state;
}

/** The page's own chat context (a vehicle page names its car and dealership), else the site's. */
function contextOf(fallback: Omit<ChatContext, 'path'>): ChatContext {
  const element = document.querySelector<HTMLElement>(`[${CHAT_CONTEXT_ATTRIBUTE}]`);
  const page = element?.dataset;
  return {
    siteSlug: fallback.siteSlug,
    path: window.location.pathname,
    message: page?.['chatMessage'] || fallback.message,
    messageHref: page?.['chatMessageHref'] || fallback.messageHref,
    smsNumber: page?.['chatSms'] || fallback.smsNumber,
  };
}

/**
 * The chat bubble (features.chat_enabled): fixed in the corner, it follows the bottom bar (spec 000
 * §4, 001 §4): low while the bar is closed, lifted above it while the bar is open, so it never
 * covers the bar's buttons. It opens the site's chat provider: a third-party widget where the site
 * configures one (chat.widget_script_url, loaded on the first open), else the platform's own chat.
 */
export function ChatLauncher({
  siteSlug,
  widgetScriptUrl,
  smsNumber,
  messageHref,
}: {
  siteSlug: string;
  widgetScriptUrl: string | null;
  smsNumber: string | null;
  messageHref: string;
}) {
  const bar = useBottomBarState();
  const [local, setLocal] = useState<ChatContext | null>(null);
  const [busy, setBusy] = useState(false);
  const providers = useMemo(() => {
    const fallback = localChatProvider(setLocal);
    const chosen: ChatProvider = widgetScriptUrl ? widgetChatProvider(widgetScriptUrl) : fallback;
    return { chosen, fallback };
  }, [widgetScriptUrl]);

  async function open() {
    const context = contextOf({
      siteSlug,
      message: "Hi, I'd like to chat about a car.",
      messageHref,
      smsNumber,
    });
    setBusy(true);
    const opened = await providers.chosen.open(context);
    if (!opened) await providers.fallback.open(context);
    setBusy(false);
  }

  const text = local ? smsHref(local.smsNumber, local.message) : null;
  return (
    <>
      <button
        type="button"
        className={styles.launcher}
        data-bar={bar}
        data-testid="chat-launcher"
        data-chat-launcher=""
        aria-busy={busy || undefined}
        onClick={() => void open()}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" focusable="false">
          <path
            fill="currentColor"
            d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm3 6a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z"
          />
        </svg>
        <span className={styles.label}>{CHAT_LABEL}</span>
      </button>
      <ModalDialog open={local !== null} title={CHAT_LABEL} onClose={() => setLocal(null)}>
        {local && (
          <div className={styles.panel}>
            <p>Our team answers during opening hours. How would you like to reach us?</p>
            <ul className={styles.options}>
              <li>
                <a
                  className={`${styles.option} ${styles.primary}`}
                  href={local.messageHref}
                  onClick={() => setLocal(null)}
                >
                  Send us a message
                </a>
              </li>
              {text && (
                <li>
                  <a className={styles.option} href={text}>
                    Text us
                  </a>
                </li>
              )}
            </ul>
          </div>
        )}
      </ModalDialog>
    </>
  );
}
