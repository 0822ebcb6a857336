'use client';

import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './modal-dialog.module.css';

export interface ModalDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** A wider dialog for galleries and long forms; 'popup' is the marketing popup (600px by 80vh, spec 001). */
  size?: 'normal' | 'wide' | 'full' | 'popup';
  /** Extra keyboard handling while open (the full-screen gallery's arrow keys). */
  onKeyDown?: (event: React.KeyboardEvent<HTMLDialogElement>) => void;
}

/**
 * A modal dialog on the native <dialog> element: focus moves in and is trapped, Escape closes, the
 * page behind is inert, and focus returns to the opener on close. The title names the dialog.
 */
export function ModalDialog({ open, title, onClose, children, size = 'normal', onKeyDown }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${styles[size]}`}
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === ref.current) onClose();
      }}
    >
      {open && (
        <div className={styles.content}>
          <header className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
              ×
            </button>
          </header>
          {children}
        </div>
      )}
    </dialog>
  );
}
