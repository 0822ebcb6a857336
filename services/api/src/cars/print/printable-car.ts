/**
 * Everything the 'Print as PDF' renderer needs about one car, already formatted by the domain
 * rules (price display order, spec formatting, car-type label). The renderer does no lookups.
 */
export interface PrintableCar {
  slug: string;
  title: string;
  /** e.g. the badge / series line; null when there is none. */
  subtitle: string | null;
  stocknum: string;
  vin: string | null;
  /** 'New' | 'Used' | 'Demo' label (some sites say 'Pre-Owned'). */
  carType: string;
  /** Already formatted by the price display rules, e.g. '$45,990' or 'Enquire for price.' */
  priceText: string;
  /** Shown struck through when present (before_price above the current price). */
  wasPriceText: string | null;
  /** Key specs, already formatted. */
  specs: { label: string; value: string }[];
  /** The first 12 are printed. */
  features: string[];
  /** Dealer comments; the first 600 characters are printed. */
  comments: string | null;
  /** In order; the first 3 are printed (the first large, the next two smaller). */
  imageUrls: string[];
  dealer: { name: string; locationName: string | null; address: string | null; phone: string | null };
  /** pageUrl is the public /cars/{slug} URL printed at the foot. */
  site: { name: string; primaryColour: string; pageUrl: string };
  /** Printed as a local date ('Generated 3 Mar 2025') in timeZone (an IANA zone). */
  generatedAt: Date;
  timeZone: string;
}
