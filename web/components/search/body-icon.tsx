import type { BodyType } from '@platform/domain';

/**
 * The logo of a body-type tile (spec 001 screen 9: tiles 'with count and logo'): a small outline of
 * the body, decorative, since the tile's words already name it. Body types that look alike share a
 * drawing; a body the list does not know is drawn as a sedan.
 */
const OUTLINES = {
  sedan: 'M3 22V17l5-2 11-2 6-6h14l8 6 11 2 3 3v4z',
  hatch: 'M3 22V17l5-2 11-2 7-7h20l8 7 2 3v6z',
  wagon: 'M3 22V17l5-2 10-2 6-7h31l4 7 2 3v6z',
  suv: 'M3 22V14l5-2 8-1 5-7h31l6 7 3 2v9z',
  ute: 'M3 22V15l5-2 8-1 5-7h15v8h25v9z',
  van: 'M3 22V13l7-8h49l2 3v14z',
  coupe: 'M3 22v-4l7-2 12-2 8-5h10l12 6 9 2v5z',
  convertible: 'M3 22v-5l7-1 14-1 4-4 2 4h31v7z',
  bus: 'M2 22V4h60v18zM6 8h52v5H6z',
  motorhome: 'M2 22V12l6-3V4h53v18z',
  truck: 'M3 22V9l4-5h13v18zM22 22V6h39v16z',
} as const;
type Outline = keyof typeof OUTLINES;

const OUTLINE_OF: Record<BodyType, Outline> = {
  '4x4': 'suv',
  bus: 'bus',
  cabChassis: 'ute',
  convertible: 'convertible',
  coupe: 'coupe',
  hardtop: 'suv',
  hatch: 'hatch',
  hatchback: 'hatch',
  motorhome: 'motorhome',
  lightTruck: 'truck',
  peopleMover: 'van',
  sedan: 'sedan',
  softtop: 'convertible',
  suv: 'suv',
  ute: 'ute',
  van: 'van',
  wagon: 'wagon',
  stationWagon: 'wagon',
};

export function BodyIcon({ body, className }: { body: string; className?: string }) {
  const outline = OUTLINES[OUTLINE_OF[body as BodyType] ?? 'sedan'];
  return (
    <svg
      viewBox="0 0 64 30"
      width={40}
      height={19}
      aria-hidden="true"
      focusable="false"
      className={className}
      data-testid="facet-logo"
    >
      <path d={outline} fill="none" stroke="currentColor" strokeWidth={2} strokeLinejoin="round" />
      <circle cx={16} cy={23} r={4} fill="currentColor" />
      <circle cx={48} cy={23} r={4} fill="currentColor" />
    </svg>
  );
}
