import { notFound } from 'next/navigation';

/**
 * Any /dealer path no console page answers: the console's own 404 (not-found.tsx beside the
 * console's pages), in the console's frame, rather than the shop's.
 */
export default function MissingConsolePage(): never {
  notFound();
}
