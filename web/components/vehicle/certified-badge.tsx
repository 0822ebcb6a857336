import { certifiedBadgePath, CARD_TAG_LABELS } from '@platform/domain';

/** The certified badge pictures are drawn 200 x 48; width and height keep their box while they load. */
const BADGE_WIDTH = 200;
const BADGE_HEIGHT = 48;

/**
 * A certified used car's tag: its make's certified pre-owned badge from the media assets (spec 000
 * §4), named in its alt text so a screen reader hears what a sighted shopper reads off the picture.
 */
export function CertifiedBadge({ make, className, height }: { make: string; className?: string; height: number }) {
  return (
    <img
      className={className}
      src={certifiedBadgePath(make)}
      alt={`${make} ${CARD_TAG_LABELS.certified}`}
      width={Math.round((BADGE_WIDTH * height) / BADGE_HEIGHT)}
      height={height}
      data-tag="certified"
    />
  );
}
