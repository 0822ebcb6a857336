'use client';

import { useEffect, useState } from 'react';
import {
  ANALYTICS_EVENT_ATTRIBUTE,
  ANALYTICS_EVENTS,
  CLIPBOARD_TOAST_MS,
  clipboardToastText,
  COPIED_LABEL,
  COPIED_NOTICE_MS,
} from '@platform/domain';
import { toasts } from '@/lib/toast/toast-state';
import styles from './vehicle.module.css';

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sharing (spec 000 §4): 'Copy link' reads 'Copied' for 1.5 s; the copy-to-clipboard button shows the
 * toast 'Copied {car name} to your clipboard!' for 3 s. Both write the car's page, /cars/{slug}.
 */
export function ShareButtons({ carId, carName, carPath }: { carId: number; carName: string; carPath: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const url = () => new URL(carPath, window.location.origin).toString();
  // Either button shares the car's page: both report the share event (ClickTracker).
  const shareEvent = { [ANALYTICS_EVENT_ATTRIBUTE]: ANALYTICS_EVENTS.share, 'data-car-id': carId };

  return (
    <div className={styles.share}>
      <button
        type="button"
        className={styles.secondaryButton}
        onClick={async () => setCopied(await copy(url()))}
        {...shareEvent}
        aria-live="polite"
      >
        {copied ? COPIED_LABEL : 'Copy link'}
      </button>
      <button
        type="button"
        className={styles.secondaryButton}
        onClick={async () => {
          if (!(await copy(url()))) return;
          const id = toasts.show({ title: clipboardToastText(carName) });
          setTimeout(() => toasts.dismiss(id), CLIPBOARD_TOAST_MS);
        }}
        {...shareEvent}
      >
        Share
      </button>
    </div>
  );
}
