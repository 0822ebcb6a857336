import {
  formatDollars,
  isPlatformMediaPath,
  phoneForCar,
  photoUrl,
  variantForWidth,
  priceDisplay,
  type Car,
  type CarVariant,
  type SiteConfig,
} from '@platform/domain';
import type { CarView } from './car-view';
import type { PrintableCar } from './print';
import type { SiteCar } from './site-cars';

/** A printed photo is at most about 90 mm wide: 800 px is sharp at print resolution and keeps the PDF small. */
const PDF_PHOTO_WIDTH = 800;

const TYPE_LABELS = { new: 'New', demo: 'Demo' } as const;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : null;

/** The key specs a printed page shows, in the order a buyer scans them; empty ones are left out. */
function keySpecs(view: CarView): { label: string; value: string }[] {
  const variant = (view as { variant?: CarVariant | null }).variant ?? null;
  const engine = variant?.enginesize_litres
    ? `${variant.enginesize_litres}L`
    : text((view as { engine_size?: unknown }).engine_size);
  const specs: [string, string | null][] = [
    ['Year', String(view.year)],
    ['Odometer', view.km !== null ? `${view.km.toLocaleString('en-AU')} km` : null],
    ['Body', text(view.body)],
    ['Transmission', text(view.simple_transmission) ?? text((view as { trans?: unknown }).trans)],
    ['Fuel', text(view.simple_fuel) ?? text((view as { fuel?: unknown }).fuel)],
    ['Drive', text(view.simple_drive) ?? text((view as { drive?: unknown }).drive)],
    ['Engine', engine],
    ['Colour', text(view.colour)],
    ['Seats', view.seats !== null ? String(view.seats) : null],
    ['Stock No.', view.stocknum],
  ];
  return specs.filter((spec): spec is [string, string] => spec[1] !== null).map(([label, value]) => ({ label, value }));
}

/** The PDF's photos: each stored photo's gallery width (read from the store), or the platform's own file. A dealer photo not stored is left out, never fetched. */
const imageUrls = (view: CarView): string[] =>
  view.images.flatMap(({ url, photo }) =>
    photo
      ? [photoUrl(photo.hash, variantForWidth(photo, PDF_PHOTO_WIDTH))]
      : url && isPlatformMediaPath(url)
        ? [url]
        : [],
  );

/** Builds what the PDF renderer prints, formatted by the same domain rules as the vehicle page. */
export function printableCar(
  view: CarView,
  { dealership, location }: SiteCar,
  options: { config: SiteConfig; siteName: string; pageUrl: string; now: Date },
): PrintableCar {
  const { config } = options;
  const price = priceDisplay(view as unknown as Car, {
    noPriceText: config.wording.no_price_text,
    subscriptionEnabled: config.features.subscription_enabled,
  });
  const typeLabel =
    view.car_type === 'used'
      ? config.wording.used_label
      : (TYPE_LABELS[view.car_type as keyof typeof TYPE_LABELS] ?? view.car_type);
  const subtitle = [view.badge, text((view as { series?: unknown }).series)].filter(Boolean).join(' · ') || null;
  const features = (view as { features?: unknown }).features;
  return {
    slug: view.slug,
    title: view.name,
    subtitle,
    stocknum: view.stocknum,
    vin: text((view as { vin?: unknown }).vin),
    carType: typeLabel,
    priceText: price.text,
    wasPriceText: price.was !== null ? formatDollars(price.was) : null,
    specs: keySpecs(view),
    features: Array.isArray(features) ? features.filter((f): f is string => typeof f === 'string') : [],
    comments: text((view as { dealercomments?: unknown }).dealercomments),
    imageUrls: imageUrls(view),
    dealer: {
      name: dealership.name,
      locationName: location?.name ?? null,
      address: location ? `${location.street}, ${location.city} ${location.state} ${location.postcode}` : null,
      phone: phoneForCar(view as unknown as Car, config.phone, view.location?.phone),
    },
    site: { name: options.siteName, primaryColour: config.theme.primary_colour, pageUrl: options.pageUrl },
    generatedAt: options.now,
    timeZone: location?.time_zone ?? 'Australia/Sydney',
  };
}
