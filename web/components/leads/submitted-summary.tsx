'use client';

import { useSyncExternalStore } from 'react';
import { SUCCESS_MARKER_KEY, type SuccessMarker } from '@/lib/leads/success-marker';

function readMarker(): string | null {
  try {
    return sessionStorage.getItem(SUCCESS_MARKER_KEY);
  } catch {
    return null;
  }
}

const noSubscription = () => () => undefined;

/** 'Your Test Drive Booking about the 2020 Toyota Corolla has been sent.' from what the form stored. */
export function SubmittedSummary() {
  const raw = useSyncExternalStore(noSubscription, readMarker, () => null);
  let marker: SuccessMarker | null = null;
  try {
    marker = raw ? (JSON.parse(raw) as SuccessMarker) : null;
  } catch {
    marker = null;
  }
  if (!marker?.category) return <p>Your enquiry has been sent.</p>;
  const what = marker.subcategory ?? marker.category;
  return (
    <p>
      Your {what}
      {marker.vehicle ? ` about the ${marker.vehicle.title}` : ''} has been sent.
    </p>
  );
}
