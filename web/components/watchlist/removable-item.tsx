'use client';

import { useRouter } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { changeWatchlist } from '@/lib/api/watchlist-calls';
import { toasts } from '@/lib/toast/toast-state';
import styles from './removable-item.module.css';

interface RemovableItemProps {
  carId: number;
  phone: string;
  title: string;
  className?: string;
  children: ReactNode;
}

/**
 * A saved car with its Remove button. Removal is optimistic (spec 000 §7): the car leaves the list at
 * once and comes back, with an alert giving the API's message, if the call fails.
 */
export function RemovableItem({ carId, phone, title, className, children }: RemovableItemProps) {
  const router = useRouter();
  const [removed, setRemoved] = useState(false);

  async function remove(): Promise<void> {
    setRemoved(true);
    const failure = await changeWatchlist('remove-car', phone, carId);
    if (failure) {
      setRemoved(false);
      window.alert(failure);
      return;
    }
    toasts.show({ title: 'Removed from your watchlist', description: title });
    router.refresh();
  }

  if (removed) return null;
  return (
    <li className={className}>
      {children}
      <button
        type="button"
        className={styles.remove}
        onClick={() => void remove()}
        aria-label={`Remove ${title} from your watchlist`}
      >
        Remove
      </button>
    </li>
  );
}
