import { cache } from 'react';
import { financeOffer, isMediaAddress, isPhotoPlaceholder, photoSrc, type FinanceOffer } from '@platform/domain';
import type { GalleryImage } from '@/components/vehicle/gallery';
import { getFinanceQuote, getTestDriveSlots, type CarPage } from '@/lib/api/cars';
import { getShopper, sessionToken } from '@/lib/api/shopper';
import { getWatchlist } from '@/lib/api/watchlist';

/**
 * What the vehicle page's sections read besides the car page itself. Each read is memoised per
 * request (keyed by the site's slug and the memoised car page answer, so by identity), so two
 * sections that need the same answer (the sidebar's test-drive button and the booking form) share
 * one call, and sections rendered side by side fetch in parallel.
 */

/** The request every section of the page receives: the site's slug and the car page answer. */
export interface VehicleContext {
  siteSlug: string;
  page: CarPage;
}

/** A photo address the page may hand to its gallery: the platform's /media, a web address, or the placeholder marker. */
const drawable = (address: string | null | undefined): address is string =>
  !!address && (isPhotoPlaceholder(address) || isMediaAddress(address));

/**
 * The car's photos, each with its stored photo (null while the platform has not stored it: the
 * api sends PHOTO_PLACEHOLDER for its address and the gallery draws a placeholder). A photo the
 * platform refused or could not fetch is not in the answer at all, so it is no slide (issue 54).
 * Only drawable addresses, since cars stored before feeds checked media may hold others.
 */
export function galleryImages(car: CarPage['car']): GalleryImage[] {
  const images = (car.images ?? [])
    .filter((i): i is typeof i & { url: string } => drawable(i.url))
    .map((i) => ({
      src: i.url,
      thumb: drawable(i.thumb?.url) ? i.thumb.url : null,
      photo: i.photo ?? null,
    }));
  if (images.length === 0 && drawable(car.primary_image_url))
    images.push({ src: car.primary_image_url, thumb: null, photo: car.primary_photo ?? null });
  return images;
}

/**
 * The spin frames a viewer can show: each stored frame's gallery width, or the platform's own
 * file. A frame not stored yet is left out (the spin turns in bigger steps until it is), since a
 * viewer cannot draw a placeholder between frames.
 */
export function spinFrames(car: CarPage['car']): string[] {
  return (car.spin_images ?? []).flatMap((frame, index) => {
    const src = photoSrc(frame, car.spin_photos?.[index], SPIN_FRAME_WIDTH);
    return src ? [src] : [];
  });
}

/** The interior panorama: its stored photo at the widest variant, or the platform's own file; null while not stored. */
export function interiorImage(car: CarPage['car']): string | null {
  return photoSrc(car.spin_interior_image, car.spin_interior_photo, INTERIOR_WIDTH);
}

const SPIN_FRAME_WIDTH = 800;
const INTERIOR_WIDTH = 2400;

export interface SlotOption {
  value: string;
  label: string;
}

const dayFormat = new Intl.DateTimeFormat('en-AU', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
function dayLabel(date: string): string {
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}

/**
 * The bookable test-drive times as form options, or null when the car offers none (sold, test
 * drives off, no location, no free slot, or the slots could not be read: the form then asks for
 * a preferred time instead of failing the page).
 */
export const testDriveSlotOptions = cache(async (siteSlug: string, page: CarPage): Promise<SlotOption[] | null> => {
  if (page.derived.sold_display || !page.config.features.test_drive_enabled) return null;
  const slots = await getTestDriveSlots(siteSlug, page.car.slug).catch(() => null);
  if (!slots) return null;
  const options = slots.days.flatMap((day) =>
    day.slots.map((s) => ({ value: s.start, label: `${dayLabel(day.date)} ${s.label}` })),
  );
  return options.length > 0 ? options : null;
});

/**
 * The one loan behind the sidebar's weekly estimate and the finance calculator's opening figure
 * (financeOffer), read once per request by both sections. The quote service is asked only for a car
 * for sale on a site that uses it.
 */
export const vehicleFinanceOffer = cache(async (siteSlug: string, page: CarPage): Promise<FinanceOffer> => {
  const asksQuote = !page.derived.sold_display && page.config.finance.quote_service_enabled;
  return financeOffer({
    carPrice: page.car.price,
    finance: page.config.finance,
    teaser: page.derived.finance_teaser,
    quote: asksQuote ? await getFinanceQuote(siteSlug, page.car) : null,
  });
});

export interface WatchState {
  signedIn: boolean;
  phone: string | null;
  saved: boolean;
  /** Its price drops, reservation and sale alert the shopper. */
  following: boolean;
}

/** The shopper's watchlist state for this car; null when the site has no watchlist. */
export const watchState = cache(async (siteSlug: string, page: CarPage): Promise<WatchState | null> => {
  if (!page.config.features.watchlist_enabled) return null;
  const shopper = await getShopper(siteSlug).catch(() => ({ signed_in: false, phone: null }));
  if (!shopper.signed_in) return { signedIn: false, phone: null, saved: false, following: false };
  const item = await onWatchlist(page.car.id);
  return { signedIn: true, phone: shopper.phone, saved: item !== null, following: item?.alerts === true };
});

async function onWatchlist(carId: number): Promise<{ alerts: boolean } | null> {
  const token = await sessionToken();
  if (!token) return null;
  try {
    return (await getWatchlist(token)).items.find((item) => item.car_id === carId) ?? null;
  } catch {
    return null;
  }
}
