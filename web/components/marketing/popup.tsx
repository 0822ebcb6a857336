'use client';

import { useEffect, useState } from 'react';
import { popupDismissalKey } from '@platform/domain';
import { ModalDialog } from '@/components/ui/modal-dialog';
import styles from './marketing.module.css';

export interface PopupContent {
  title: string;
  body: string;
  image_url?: string;
  link?: string;
}

function readDismissed(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

/**
 * The site popup (spec 001 screen 7): shown until dismissed, the dismissal kept per dealership slug
 * in local storage, never after its expiry date; at most 600px wide and 80vh high. Decided in the
 * browser after hydration, so the server never renders a popup the shopper already closed.
 */
export function Popup({
  popup,
  dealershipSlug,
  expiresAt,
}: {
  popup: PopupContent;
  dealershipSlug: string;
  expiresAt: number;
}) {
  const [open, setOpen] = useState(false);
  const key = popupDismissalKey(dealershipSlug);

  useEffect(() => {
    // The browser's own clock decides the expiry too: a page served before midnight never shows it after.
    setOpen(!readDismissed(key) && Date.now() <= expiresAt);
  }, [key, expiresAt]);

  function dismiss() {
    setOpen(false);
    try {
      localStorage.setItem(key, new Date().toISOString());
    } catch {
      // Storage refused (private mode): the popup closes for this page view only.
    }
  }

  return (
    <ModalDialog open={open} onClose={dismiss} title={popup.title} size="popup">
      {popup.image_url && <img src={popup.image_url} alt="" width={600} height={300} className={styles.popupImage} />}
      <p>{popup.body}</p>
      {popup.link && (
        <p>
          <a href={popup.link} className="button button-primary" onClick={dismiss}>
            Find out more
          </a>
        </p>
      )}
    </ModalDialog>
  );
}
