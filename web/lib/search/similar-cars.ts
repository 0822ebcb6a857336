import { searchHref } from './search-paths';
import { EMPTY_SEARCH_STATE } from './url-codec';

/** The search for cars like this one (its make and model): where a car someone else reserved sends the shopper. */
export function similarCarsHref(car: { make: string; model: string }): string {
  return searchHref({ ...EMPTY_SEARCH_STATE, menu: { make: car.make, make_model: `${car.make}:${car.model}` } });
}
