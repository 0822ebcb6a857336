/**
 * The web's only door to the API. Screens import from here; proxy.ts imports ./hosts directly to
 * keep its bundle small.
 */
export {
  ApiError,
  apiBaseUrl,
  apiBaseUrls,
  apiGet,
  apiGetOrNull,
  apiMediaUrl,
  apiPost,
  DEFAULT_API_URL,
  segment,
  type ProblemDetails,
} from './client';
export { findSiteByHost } from './hosts';
export { getSite, listSites } from './sites';
export {
  reshapeSite,
  reshapeSiteList,
  type DealershipSummary,
  type LocationSummary,
  type SiteSummary,
  type SiteView,
} from './reshape';
export * from './schemas';
export { facetValues, searchModels, searchSpecialOffers, searchStock, understandSentence } from './search';
export type { SentenceRequest } from './search';
export {
  getAutogauge,
  getCarPage,
  getCarSlugById,
  getFinanceDisclaimer,
  getFinanceQuote,
  getSimilarCars,
  getTestDriveSlots,
  type AutogaugeResponse,
  type CarPage,
  type CarPageCar,
  type DerivedCarFields,
  type QuoteResult,
  type TestDriveSlots,
} from './cars';
export { getLocationReviews } from './reviews';
export { getSitemapCars } from './sitemap';
