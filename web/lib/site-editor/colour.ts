import { contrastRatio, formatContrast, isHexColour, WCAG_AA_TEXT_CONTRAST } from '@platform/domain';
import { getAt, type Path } from './layer-value';

/** The colour picker takes only #rrggbb; #abc becomes #aabbcc, anything else black. */
export function pickerValue(value: unknown): string {
  if (typeof value !== 'string' || !isHexColour(value)) return '#000000';
  const hex = value.toLowerCase();
  return hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
}

export interface ContrastVerdict {
  ratio: string;
  passes: boolean;
  message: string;
}

const PAIR: Record<string, string> = { primary_colour: 'on_primary_colour', on_primary_colour: 'primary_colour' };

/**
 * The live contrast of text on the primary colour while either is edited: the layer's own value,
 * else the value inherited from the layers below. Null for other fields, or while a colour is
 * unknown or half typed.
 */
export function primaryContrast(path: Path, layer: unknown, inherited: unknown): ContrastVerdict | null {
  if (path.length !== 2 || path[0] !== 'theme' || !Object.hasOwn(PAIR, String(path[1]))) return null;
  const colour = (field: string) => getAt(layer, ['theme', field]) ?? getAt(inherited, ['theme', field]);
  const primary = colour('primary_colour');
  const text = colour('on_primary_colour');
  if (typeof primary !== 'string' || typeof text !== 'string' || !isHexColour(primary) || !isHexColour(text))
    return null;
  const value = contrastRatio(primary, text);
  const ratio = formatContrast(value);
  const passes = value >= WCAG_AA_TEXT_CONTRAST;
  return {
    ratio,
    passes,
    message: passes
      ? `Text on the primary colour: contrast ${ratio}, passes WCAG AA.`
      : `Text on the primary colour: contrast ${ratio}; WCAG AA needs at least ${WCAG_AA_TEXT_CONTRAST}:1.`,
  };
}
