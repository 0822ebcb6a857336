import { GOOD_UNTIL_ATTRIBUTE } from '@/lib/edge/page-good-until';

/** Tells the page cache the instant this page goes stale by the clock alone (lib/edge/page-good-until.ts). */
export function PageGoodUntil({ at }: { at: number | null }) {
  if (at === null) return null;
  return <span hidden {...{ [GOOD_UNTIL_ATTRIBUTE]: at }} />;
}
