'use client';

import { useEffect } from 'react';

/**
 * A warning in the browser's console and nothing on the page (spec 000 §8: 'No phone for a vehicle:
 * console warning only'): the shopper is not troubled, whoever looks after the site can see it.
 */
export function ConsoleWarning({ message }: { message: string }) {
  useEffect(() => {
    console.warn(message); // eslint-disable-line no-console
  }, [message]);
  return null;
}
