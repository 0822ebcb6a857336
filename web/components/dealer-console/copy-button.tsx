'use client';

import { useState } from 'react';
import styles from './console.module.css';

/** Copies a text (a feed URL) to the clipboard and says so; the text stays on the page to select by hand. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <button type="button" className={styles.secondary} onClick={copy} aria-label={label}>
        Copy
      </button>
      <span role="status" className={styles.muted}>
        {state === 'copied' ? 'Copied.' : state === 'failed' ? 'Select the address and copy it.' : ''}
      </span>
    </>
  );
}
