import { ELECTRIC_FUEL } from '../entities/car';
import type { CarRuleInput } from './car-rule-input';

/** Spec 000 §9: specs shown at first, features before 'Show All'. */
export const KEY_SPECS_INITIAL = 4;
export const FEATURES_INITIAL = 8;
/** Spec 000 §4, §9: sticky header and bottom bar scroll thresholds in px. */
export const STICKY_HEADER_SCROLL_PX = 500;
export const BOTTOM_BAR_SCROLL_PX = 900;
/** Spec 000 §4, §9: the copy-link button reads 'Copied' this long; the clipboard toast shows this long. */
export const COPIED_NOTICE_MS = 1500;
export const CLIPBOARD_TOAST_MS = 3000;
export const COPIED_LABEL = 'Copied';
/**
 * Spec 000 §4: any status other than in stock or coming soon shows a SOLD message saying the vehicle
 * recently sold. The specification gives its gist, not its words; this is the platform's wording.
 */
export const SOLD_HEADING = 'SOLD';
export const SOLD_MESSAGE = 'This vehicle has recently sold.';
/** Spec 000 §4: the print button's label while the PDF downloads. */
export const PRINT_PREPARING_LABEL = 'Preparing...';

/** Spec 001 §4: 'Copied {car name} to your clipboard!'. */
export function clipboardToastText(carName: string): string {
  return `Copied ${carName} to your clipboard!`;
}

/** Sold cars hide the save button unless the shopper already saved the car (spec 000 §4). */
export function showWatchlistButton(soldDisplay: boolean, alreadySaved: boolean): boolean {
  return !soldDisplay || alreadySaved;
}

/**
 * Sidebar buttons take the brand colour of the car's make when the site lists one (subaru, foton,
 * peugeot, skoda, deepal by default: spec 001 §9), else the site's primary colour.
 */
export function sidebarButtonColour(
  make: string | null | undefined,
  brandColours: Readonly<Record<string, string>>,
  primary: string,
): string {
  const key = make?.trim().toLowerCase();
  if (!key) return primary;
  const match = Object.entries(brandColours).find(([brand]) => brand.trim().toLowerCase() === key);
  return match ? match[1] : primary;
}

/**
 * The city the announcement bar names: the car's own city when it differs from the primary
 * location's (spec 000 screen 4), compared without case or surrounding space; otherwise none.
 */
export function otherCityAnnouncement(
  carCity: string | null | undefined,
  primaryCity: string | null | undefined,
): string | null {
  const car = carCity?.trim();
  const primary = primaryCity?.trim();
  if (!car || !primary) return null;
  return car.toLowerCase() === primary.toLowerCase() ? null : car;
}

/** The fuel calculator is hidden for electric cars (spec 000 §5). */
export function showFuelCalculator(car: CarRuleInput<'simple_fuel'>): boolean {
  return car.simple_fuel?.trim().toLowerCase() !== ELECTRIC_FUEL.toLowerCase();
}

/** Spec 000 §9 fuel calculator defaults. */
export const FUEL_DEFAULTS = { pricePerLitre: 1.7, kmPerWeek: 250, litresPer100Km: 10 } as const;

/** A fuel price as typed: an optional $ and thousands commas ('$1.70', '1,234.5'); null when unreadable. */
export function parseFuelPrice(input: string): number | null {
  const cleaned = input
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/,/g, '');
  return readNumber(cleaned);
}

/** A distance as typed: commas and a trailing 'kms' (or 'km') allowed ('1,200 kms'); null when unreadable. */
export function parseDistance(input: string): number | null {
  const cleaned = input
    .trim()
    .replace(/\s*kms?$/i, '')
    .replace(/,/g, '');
  return readNumber(cleaned);
}

/** A plain non-negative number; null when unreadable. */
export function parseEconomy(input: string): number | null {
  return readNumber(input.trim());
}

function readNumber(text: string): number | null {
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** Weekly fuel cost = distance / 100 x economy x price, to 2 decimals (spec 000 §9). */
export function fuelCost(kmPerWeek: number, litresPer100Km: number, pricePerLitre: number): number {
  return Math.round((kmPerWeek / 100) * litresPer100Km * pricePerLitre * 100) / 100;
}

/** '$42.50': the cost with 2 decimals. */
export function formatCost(amount: number): string {
  return `$${amount.toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
