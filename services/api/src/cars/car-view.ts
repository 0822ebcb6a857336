import {
  carOffer,
  formatDollars,
  reserveDeposit,
  cardTag,
  carName,
  financeTeaser,
  isAvailable,
  isInStock,
  isListed,
  maskPhone,
  phoneForCar,
  priceDisplay,
  telHref,
  weeklyEstimate,
  carPhotos,
  NO_STORED_PHOTOS,
  type Car,
  type PhotoLookup,
  type SiteConfig,
} from '@platform/domain';
import type { CarEntity, DealershipEntity, LocationEntity } from '@platform/db';

/**
 * The car in the shape of spec 000's Car: the feed's own fields (kept in `data`) under the
 * platform's columns, so a column always wins over a stale copy in data. The feed's photo fields
 * (images, thumbnails, primary_image_url, spin_images, spin_interior_image, photos_count) are
 * replaced by their public form (carPhotos, looked up for the car's dealership by storedPhotosOf):
 * the platform's own /media addresses or a placeholder, each with its stored photo beside it, and
 * no refused or unreachable photo. The dealer's addresses stay in data and never reach an answer.
 */
export function carView(
  car: CarEntity,
  dealership: DealershipEntity,
  location: LocationEntity | null,
  photos: PhotoLookup = NO_STORED_PHOTOS,
) {
  return {
    ...car.data,
    // After data, so every photo field of data is overwritten by its public form.
    ...carPhotos(car.data, photos),
    id: car.id,
    name: carName(car),
    slug: car.slug,
    path: `/cars/${car.slug}`,
    stocknum: car.stocknum,
    year: car.year,
    make: car.make,
    model: car.model,
    badge: car.badge,
    car_type: car.car_type,
    status: car.status,
    tag: car.tag,
    body: (car.data['body'] as string | undefined) ?? car.simple_body,
    simple_body: car.simple_body,
    simple_drive: car.simple_drive,
    simple_fuel: car.simple_fuel,
    simple_transmission: car.simple_transmission,
    colour: car.colour,
    seats: car.seats,
    certified: car.certified,
    reserved: car.reserved,
    sold: car.status === 'sold',
    sold_date_timestamp: car.sold_date ? Math.floor(car.sold_date.getTime() / 1000) : null,
    show_on_dealer_website: car.show_on_dealer_website,
    price: car.price,
    before_price: car.before_price,
    subscription_price: car.subscription_price,
    km: car.km,
    views: car.views,
    created_at: car.created_at.toISOString(),
    updated_at: car.updated_at.toISOString(),
    dealership_id: dealership.id,
    dealership_slug: dealership.slug,
    location_id: location?.id ?? null,
    location: location
      ? {
          id: location.id,
          name: location.name,
          slug: location.slug,
          phone: location.phone,
          address: {
            street: location.street,
            city: location.city,
            state: location.state,
            postcode: location.postcode,
            place_url: location.place_url,
          },
          city: location.city,
          state: location.state,
          distribution_locations:
            (car.data['location'] as { distribution_locations?: unknown } | undefined)?.distribution_locations ?? null,
        }
      : null,
  };
}
export type CarView = ReturnType<typeof carView>;

/**
 * What the vehicle page derives from the car, computed here by the libs/domain rules so the web
 * and the API can never disagree: availability, tag, price display, reservation, phone, finance.
 */
export function derivedCarFields(view: CarView, config: SiteConfig, listedUntil: Date | null, now: Date) {
  const car = view as unknown as Car;
  const phone = phoneForCar(car, config.phone, view.location?.phone);
  const phoneHref = telHref(phone);
  // The same rule the search card applies with the same dealership's settings.
  const offer = carOffer(car, config);
  const reservable = offer.reservable;
  const deposit = reserveDeposit(
    (view as Record<string, unknown>)['reserve_deposit'],
    config.reservations.deposit,
    config.wording.reserve_deposit_text,
  );
  return {
    in_stock: isInStock(car),
    available: isAvailable(car),
    /** The SOLD treatment: any status other than in stock or coming soon. */
    sold_display: !isAvailable(car),
    /** False once a sold car's listing window has passed: the page still answers, marked noindex. */
    listed: isListed(
      { status: view.status, show_on_dealer_website: view.show_on_dealer_website, listed_until: listedUntil },
      now,
    ),
    tag: cardTag(car, { now }),
    price: priceDisplay(car, {
      noPriceText: config.wording.no_price_text,
      subscriptionEnabled: config.features.subscription_enabled,
    }),
    weekly_estimate: weeklyEstimate(view.price),
    can_reserve: reservable,
    reserve_path: reservable ? `/cars/${view.slug}/${config.routes.checkout_segment}` : null,
    /** The deposit a reservation charges, in whole dollars, and as the reserve button words it. */
    reserve_deposit: deposit,
    reserve_deposit_text: formatDollars(deposit),
    market_badge: offer.marketBadge,
    // A number with nothing to dial ('TBA') is not offered.
    phone: phone && phoneHref ? { display: phone, masked: maskPhone(phone), href: phoneHref } : null,
    finance_teaser: financeTeaser(car, { finance: config.finance, now }),
    trade_in_path: `/cars/trade-in?car_id=${view.id}`,
    online_purchase_path: config.routes.online_purchase_enabled ? `/checkout-journey?car_id=${view.slug}` : null,
  };
}
