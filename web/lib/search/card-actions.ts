import { carOffer, isAvailable, type SearchHit, type SiteConfig } from '@platform/domain';
import { FORM_ANCHORS } from '../vehicle/form-anchors';

/** The vehicle page of a car (spec 000: /cars/{slug}); the card's title and image link here. */
export const carPath = (slug: string): string => `/cars/${encodeURIComponent(slug)}`;

/** The tag that turns finance and reserve into test-drive booking where the site says so. */
export const TEST_DRIVE_ONLY_TAG = 'Test Drive Only';
export const TEST_DRIVE_LABEL = 'Book a Test Drive';

export type CardActionKind = 'enquire' | 'finance' | 'details' | 'reserve' | 'test_drive' | 'similar';

export interface CardAction {
  kind: CardActionKind;
  label: string;
  href: string;
}

type CardCar = Pick<
  SearchHit,
  'id' | 'slug' | 'status' | 'reserved' | 'price' | 'car_type' | 'tag' | 'dealership_slug' | 'autograb_data'
>;

/** The finance enquiry link with the parameters spec 000 lists (preferredDealership, vehiclePriceBudget, car_id, car_type). */
export function financeHref(car: CardCar, financePath: string): string {
  const params = new URLSearchParams({
    car_id: String(car.id),
    car_type: car.car_type,
    preferredDealership: car.dealership_slug,
  });
  if (car.price != null && car.price > 0) params.set('vehiclePriceBudget', String(car.price));
  return `${financePath}${financePath.includes('?') ? '&' : '?'}${params.toString()}#finance-form`;
}

/**
 * A card's buttons by site configuration and car (spec 000 screen 2, §4): an unavailable car gets
 * only 'Find Me Something Similar'; an available one the enquiry button (its configured wording),
 * finance, details and, when it can be reserved online, reserve. On sites where 'Test Drive Only'
 * cars book a test drive instead, that replaces finance and reserve. `config` is the car's own
 * dealership's (carConfigOf), so reserve follows the same rule as the car's page (carOffer).
 */
export function cardActions(car: CardCar, config: SiteConfig): CardAction[] {
  const page = carPath(car.slug);
  const { buttons } = config;
  // A sold car's page has no enquiry: its form is the find-similar one.
  if (!isAvailable(car))
    return [{ kind: 'similar', label: buttons.similar_label, href: `${page}#${FORM_ANCHORS.findSimilar}` }];

  const testDriveOnly = config.features.test_drive_replaces_reserve && car.tag?.trim() === TEST_DRIVE_ONLY_TAG;
  const actions: CardAction[] = [{ kind: 'enquire', label: buttons.enquire_label, href: `${page}#enquiry` }];
  if (testDriveOnly) actions.push({ kind: 'test_drive', label: TEST_DRIVE_LABEL, href: `${page}#test-drive` });
  else if (buttons.show_finance)
    actions.push({ kind: 'finance', label: buttons.finance_label, href: financeHref(car, config.routes.finance_path) });
  actions.push({ kind: 'details', label: buttons.details_label, href: page });
  if (!testDriveOnly && carOffer(car, config).reservable) {
    actions.push({ kind: 'reserve', label: buttons.reserve_label, href: `${page}/${config.routes.checkout_segment}` });
  }
  return actions;
}

/** Favourite and compare buttons are hidden on configured sites when the car has no price or no images (spec 000 §5). */
export function showSaveButtons(
  car: { price: number | null; images: readonly { url: string | null }[]; primary_image_url: string | null },
  config: SiteConfig,
): boolean {
  if (!config.features.hide_save_without_price_or_images) return true;
  const hasImage = car.images.some((image) => image.url) || !!car.primary_image_url;
  return (car.price ?? 0) > 0 && hasImage;
}
