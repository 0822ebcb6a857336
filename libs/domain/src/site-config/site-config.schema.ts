import { z } from 'zod';
import { MAX_RESERVE_DEPOSIT } from '../cars/reservation';
import { TERM_FACETS } from '../search/facets';
import { SORT_VALUES } from '../search/sort-values';
import { LOCATION_FILTERS } from '../locations/filter-locations';
import {
  LOCATIONS_BLOCK_LAYOUTS,
  LOCATIONS_BLOCK_PLACEMENTS,
  LOCATIONS_BLOCK_SINGLE_DISPLAYS,
  LOCATIONS_BLOCK_SOURCES,
} from '../locations/locations-block';
import { REPAYMENT_ROUNDINGS } from '../finance/calculator';
import { listEditSchema } from './list-edit';
import { CLOCK_TIME } from '../alerts/quiet-hours';
import { CarTypeSchema } from '../entities/car';
import { SlideSchema } from '../entities/slide';

/**
 * The typed site configuration: every per-tenant difference the specifications describe is a
 * named field here, never a slug or template name in code. Each group is merged in layers
 * (platform defaults <- template <- site <- dealership <- manufacturer), see merge.ts.
 *
 * Objects are strict so that a misspelt key in a layer is refused at load instead of silently
 * ignored.
 */

const HexColour = z.string().regex(/^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/, 'Use a hex colour such as #1a2b3c');
// Configured links become href and src attributes: only site paths and http(s) addresses, never
// javascript: or data: URLs, nor a protocol-relative '//host' posing as a path.
const Path = z.string().regex(/^\/(?!\/)[^\s]*$/, 'Use a site-relative path starting with /');
const UrlOrPath = z.union([Path, z.url({ protocol: /^https?$/, error: 'Use a site path or an http(s) URL' })]);
/** A link a page renders (href, src): a site path or an http(s) address. */
export const UrlOrPathSchema = UrlOrPath;

/** Font stacks a theme may name; web/lib/theme.ts maps each to its CSS font-family list. */
export const THEME_FONTS = ['system', 'humanist', 'geometric', 'serif', 'condensed'] as const;
export type ThemeFont = (typeof THEME_FONTS)[number];

export const ThemeSchema = z.strictObject({
  /** Main brand colour: header, primary buttons, links. */
  primary_colour: HexColour,
  /** Secondary colour: footer, secondary buttons. */
  secondary_colour: HexColour,
  /** Accent colour: badges, highlights. */
  accent_colour: HexColour,
  /** Text colour on top of the primary colour. */
  on_primary_colour: HexColour,
  /** Page background colour. */
  background_colour: HexColour,
  /** Logo shown in the header (site-relative path or absolute URL). */
  logo_url: UrlOrPath,
  /** Alternative text for the logo; defaults to the site name when empty. */
  logo_alt: z.string(),
  /** Button shape: square corners, rounded or pill. */
  button_style: z.enum(['square', 'rounded', 'pill']),
  /** Sidebar buttons take the brand colour of the car's make when listed here (spec 001 §9). */
  brand_button_colours: z.record(z.string(), HexColour),
  /** Typeface of body text and of headings: named font stacks of fonts already on shoppers' devices (no font download, no flash). */
  body_font: z.enum(THEME_FONTS),
  heading_font: z.enum(THEME_FONTS),
});

export const ButtonsSchema = z.strictObject({
  /** Label of the enquiry button on cards and the vehicle page. */
  enquire_label: z.enum(['Enquire', 'Enquire Now', 'Shop Now']),
  /** Label of the finance button on cards. */
  finance_label: z.string().min(1),
  /** Label of the details link on cards. */
  details_label: z.string().min(1),
  /** Reserve button wording: 'Reserve Now' or 'Buy Online'. */
  reserve_label: z.enum(['Reserve Now', 'Buy Online']),
  /** Button shown instead of the others for unavailable cars. */
  similar_label: z.string().min(1),
  /** Show the reserve button on cards and the vehicle page. */
  show_reserve: z.boolean(),
  /** Show the finance button on cards. */
  show_finance: z.boolean(),
});

export const RoutesSchema = z.strictObject({
  /** Reserve path segment after /cars/{slug}/: 'checkout' (default) or 'buy-online'. */
  checkout_segment: z.enum(['checkout', 'buy-online']),
  /** Finance enquiry page: /finance by default, /apply-for-finance or /finance-enquiry on some sites, or a configured link. */
  finance_path: UrlOrPath,
  /** Show the Online Purchase link /checkout-journey?car_id={slug}. */
  online_purchase_enabled: z.boolean(),
  /** Prefix for content pages such as value-my-car-terms-and-conditions ('' or '/pages'). */
  pages_prefix: z.union([z.literal(''), Path]),
  /** Service booking page; a dealer-specific booking page may replace /service. */
  service_path: UrlOrPath,
  /** Trade-in valuation page. */
  trade_in_path: UrlOrPath,
  /** Where the no-results card's 'Clear Filters' button goes (default /special-offers). */
  no_results_refresh_path: Path,
  /** Contact page for single-brand sites (/contact) or per-location pages (/contact-us/{slug}). */
  contact_style: z.enum(['per_location', 'single']),
  /** Used-car search crumbs link to /used-car, /used-car/{make}, /used-car/{make}/{model} (spec 001 §2's variant). */
  used_car_breadcrumbs: z.boolean(),
});

/** Routes that can require sign-in (spec 001 §6 sign-in gate table). */
export const GATEABLE_ROUTES = [
  'checkout',
  'finance',
  'trade_in',
  'sell_my_car',
  'spin_to_win',
  'online_payment',
  'finance_credit_check',
  'my_garage',
] as const;
export type GateableRoute = (typeof GATEABLE_ROUTES)[number];

export const GatesSchema = z.strictObject({
  /** Routes a signed-out visitor is sent to /sign-in for (with type, redirect and back). */
  gated_routes: z.array(z.enum(GATEABLE_ROUTES)),
});

/** A CSP source for frame-ancestors: 'self', or an https origin (a dealer group's portal). */
const FrameAncestorSchema = z.union([
  z.literal("'self'"),
  z
    .url({ protocol: /^https$/, message: "must be 'self' or an https origin such as https://portal.example.com.au" })
    .refine((url) => new URL(url).origin === url.replace(/\/$/, ''), {
      message: 'must be an origin only (scheme and host, no path)',
    }),
]);

export const EmbeddingSchema = z.strictObject({
  /** Who may show the site's pages in a frame (CSP frame-ancestors); empty: nobody, so forms cannot be framed. */
  frame_ancestors: z.array(FrameAncestorSchema).max(10),
});

export const FINANCE_PROVIDERS = [
  'none',
  'taurus',
  '360_finance',
  'ausloans',
  'manual',
  'angle',
  'powertorque',
  'nissan_finance',
  'youx',
] as const;

export const FinanceSchema = z.strictObject({
  /** Finance provider whose lender entry drives teasers and the calculator; 'none' hides both. */
  provider: z.enum(FINANCE_PROVIDERS),
  /** Smallest purchase price / loan amount the calculator accepts (1000; 5000 for some providers). */
  amount_min: z.number().int().positive(),
  /** Largest amount in the calculator panel (250000). */
  amount_max: z.number().int().positive(),
  /** Largest amount in the slider variant (100000). */
  slider_amount_max: z.number().int().positive(),
  /** Slider maximum becomes 1.05 x price when the price is above the slider maximum. */
  slider_max_follows_price: z.boolean(),
  /** Amount step (500). */
  amount_step: z.number().positive(),
  /** Term range in years (1 to 7; 1 to 5 on some) and its step (0.5). */
  term_min_years: z.number().positive(),
  term_max_years: z.number().positive(),
  term_step_years: z.number().positive(),
  /** Default term (5 years; 6 in some places). */
  term_default_years: z.number().positive(),
  /** Interest rate range in percent (0.5 to 15 by default; provider minima/maxima vary). */
  interest_min: z.number().positive(),
  interest_max: z.number().positive(),
  /** Default interest rate for the calculator (10 percent). */
  interest_default: z.number().positive(),
  /** Default amount when the car has no price (30000). */
  amount_default: z.number().int().positive(),
  /** Fees added by the site or lender (e.g. establishment fee 1300), in dollars. */
  fees: z.array(
    z.strictObject({ label: z.string().min(1), amount: z.number().nonnegative(), per: z.enum(['once', 'month']) }),
  ),
  /** Show the finance disclaimer on used cars eligible for finance. */
  disclaimer_enabled: z.boolean(),
  /** Dealership ids that never show finance teasers. */
  teaser_excluded_dealership_ids: z.array(z.number().int()),
  /** Manufacturers that never show finance teasers (Suzuki per spec 001 §5). */
  teaser_excluded_makes: z.array(z.string()),
  /** Call the quote service (POST /api/youx/quote) for a weekly estimate. */
  quote_service_enabled: z.boolean(),
  /** Percent p.a. the built-in quote advertises, so a site without a quote partner still gets an estimate (9.99). */
  quote_advertised_rate: z.number().nonnegative().max(100),
  /**
   * Establishment fee in dollars the built-in quote finances and folds into its comparison rate. Capped
   * well below the $30,000 comparison loan, since a fee near it leaves no loan to compare.
   */
  quote_establishment_fee: z.number().nonnegative().max(10000),
  /** Account fee in dollars per month; lenders charge it on top of repayments, so it raises the comparison rate. */
  quote_monthly_fee: z.number().nonnegative(),
  /**
   * Rate bands by vehicle age: a car up to max_age_years old gets that rate, so older stock can carry a
   * higher rate. Empty, or a car older than every band, uses quote_advertised_rate.
   */
  quote_rate_by_age: z.array(
    z.strictObject({ max_age_years: z.number().int().nonnegative(), rate: z.number().nonnegative().max(100) }),
  ),
  /** How the lender takes weekly repayments to whole dollars: 'up', or 'floor_or_ceil' to the nearer dollar (spec 001 §9). */
  repayment_rounding: z.enum(REPAYMENT_ROUNDINGS),
  /** The provider's range of comparison rates, shown beside its rates (8.38% to 19.42% for one provider); null: none shown. */
  comparison_rate_range: z
    .strictObject({ min: z.number().positive().max(100), max: z.number().positive().max(100) })
    .refine((range) => range.min <= range.max, { message: 'min must not be above max' })
    .nullable(),
});

/**
 * A third-party chat script: https only (a page served over https cannot load plain http, and a
 * script is the widest door into a page), no credentials in the address, bounded in length.
 */
export const ChatWidgetScriptUrlSchema = z
  .url({ protocol: /^https$/, message: 'must be an https address such as https://chat.example.com/widget.js' })
  .max(2048)
  .refine((url) => !/^https:\/\/[^/]*@/i.test(url), { message: 'must not carry a user name or password' });

export const ChatSchema = z.strictObject({
  /**
   * A third-party chat widget's script, loaded when a shopper first opens the chat, its origin let
   * through this site's CSP only. Null: the platform's own chat (the enquiry form prefilled, or a text
   * to the dealership).
   */
  widget_script_url: ChatWidgetScriptUrlSchema.nullable(),
});

export const SearchSchema = z.strictObject({
  /** Results per page (21). */
  hits_per_page: z.number().int().min(1).max(100),
  /** Sort options offered, in order, with their labels. */
  sort_options: z.array(z.strictObject({ value: z.enum(SORT_VALUES), label: z.string().min(1) })).min(1),
  /** Extra visibility filters ANDed with the base filter, e.g. 'car_type:used', '-make:Suzuki', '-stocknum:A123'. */
  visibility_filters: z.array(z.string().regex(/^-?[a-z_]+:.+$/, "Use 'field:value' or '-field:value'")),
  /** Add 'price > 0' when sorting by price ascending. */
  positive_price_on_price_asc: z.boolean(),
  /** Car types sold on this site, in display order (new, demo, used). */
  car_types: z.array(z.enum(['new', 'demo', 'used'])).min(1),
  /** Makes listed under 'Popular Makes' (empty: the first popular_makes_count makes by stock). */
  popular_makes: z.array(z.string()),
  /** How many makes show before 'Show all makes' (7; 20 on some sites). */
  popular_makes_count: z.number().int().positive(),
  /** Models listed under a chosen make (30). */
  model_list_limit: z.number().int().positive(),
  /** Stock count shown when the true count is above 1999 (null: summed facet counts). */
  stock_count_override: z.number().int().positive().nullable(),
  /** Checkbox filter lists on the search page, in order, with their headings (spec 000 'Search facets'). */
  filter_facets: z.array(z.strictObject({ facet: z.enum(TERM_FACETS), label: z.string().min(1) })),
});

export const PromoSchema = z.strictObject({
  /** Inject the 'We Want Your Car' promo card into results. */
  enabled: z.boolean(),
  /** fixed: at listed positions; every: every Nth card up to a limit; random: a random offset. */
  mode: z.enum(['fixed', 'every', 'random']),
  /** Card positions for mode fixed (default [30]). */
  positions: z.array(z.number().int().positive()),
  /** For mode every: every N (5) up to this position (30). */
  every: z.number().int().positive(),
  up_to: z.number().int().positive(),
  /** For mode random: offset drawn from min to max (3 to 5). */
  random_min: z.number().int().positive(),
  random_max: z.number().int().positive(),
  /** Where the promo card links. */
  link: UrlOrPath,
});

export const WordingSchema = z.strictObject({
  /** Text shown when a car has no usable price (default 'Enquire for price.'). */
  no_price_text: z.string().min(1),
  /** Label for used cars: 'Used' or 'Pre-Owned'. */
  used_label: z.enum(['Used', 'Pre-Owned']),
  /** Reserve deposit text when the car has no value (default '$200'). */
  reserve_deposit_text: z.string().min(1),
  /** Site tagline under the name on the home page. */
  tagline: z.string(),
});

export const LocationsSchema = z.strictObject({
  /** Show every location-type tab side by side instead of one at a time. */
  show_all_location_tabs: z.boolean(),
  /** Buttons on location cards: 'Contact Us' + 'Book a Service', or one 'Send Enquiry' modal. */
  card_buttons: z.enum(['contact_and_service', 'send_enquiry']),
  /** Fixed city order for the location card grid (empty: alphabetical). */
  city_order: z.array(z.string()),
  /** Public maps key: with one, location maps are embedded; without, a static image and a Get Directions link. */
  map_embed_key: z.string(),
});

/** The locations block (spec 001 §2 screens 4 and 5) and where it sits on the home page. */
export const LocationsBlockSchema = z.strictObject({
  /** On the home page: after the dealership list, instead of it, or not at all. */
  home_placement: z.enum(LOCATIONS_BLOCK_PLACEMENTS),
  /** The primary location, a location by id, or a filtered list. */
  source: z.enum(LOCATIONS_BLOCK_SOURCES),
  /** The location of source 'by_id'. */
  location_id: z.number().int().positive().nullable(),
  /** List filter: sales, service, parts, service-and-parts or all. */
  filter: z.enum(LOCATION_FILTERS),
  /** List only locations of this manufacturer ('' for any). */
  manufacturer: z.string(),
  /** List only locations whose subtype contains this ('' for any). */
  subtype: z.string(),
  /** Location ids never listed. */
  exclude_ids: z.array(z.number().int().positive()),
  /** Several locations: a card grid (in locations.city_order when set) or the 'Our Locations' carousel with a Swipe hint. */
  layout: z.enum(LOCATIONS_BLOCK_LAYOUTS),
  /** One location: a map and contact card, or the large location hero with map. */
  single_display: z.enum(LOCATIONS_BLOCK_SINGLE_DISPLAYS),
  /** Heading of the block ('Our Locations'). */
  title: z.string().min(1),
});

export const FormsSchema = z.strictObject({
  /** The enquiry message is required (isMessageRequired, default true). */
  message_required: z.boolean(),
  /** Default state selected in forms (qld). */
  default_state: z.enum(['act', 'nsw', 'nt', 'qld', 'sa', 'tas', 'vic', 'wa']),
  /** Captcha verifier for forms: 'none' accepts everything (development only). */
  captcha_provider: z.enum(['none', 'recaptcha', 'turnstile']),
  /** Public captcha site key (secrets stay in the environment). */
  captcha_site_key: z.string(),
  /** Extras a shopper may tick on the contact and service forms, sent as additional_services (none: not shown). */
  additional_services: z
    .array(z.string().trim().min(1, 'Name each service').max(100, 'Keep each service under 100 characters'))
    .max(20, 'List at most 20 additional services')
    .refine((services) => new Set(services).size === services.length, 'List each additional service once'),
});

export const PhoneSchema = z.strictObject({
  /** Show the car-type specific number instead of the car's location phone. */
  filter_by_car_type: z.boolean(),
  /** Numbers per car type, used when filter_by_car_type is on. */
  numbers: z.strictObject({ new: z.string(), used: z.string(), demo: z.string() }),
});

export const FeaturesSchema = z.strictObject({
  /** Favourites kept in local storage. */
  favourites_enabled: z.boolean(),
  /** Compare list on cards. */
  compare_enabled: z.boolean(),
  /** Watchlist (requires sign-in with a phone). */
  watchlist_enabled: z.boolean(),
  /** Hide favourite and compare buttons when price <= 0 or there are no images. */
  hide_save_without_price_or_images: z.boolean(),
  /** Vehicle gallery opens in this mode. */
  gallery_default_mode: z.enum(['gallery', 'spinner', 'interior']),
  /** Fuel-cost calculator on the vehicle page. */
  fuel_calculator_enabled: z.boolean(),
  /** Delivery calculator on the vehicle page. */
  delivery_calculator_enabled: z.boolean(),
  /** Offer test-drive booking on the vehicle page. */
  test_drive_enabled: z.boolean(),
  /** Offer test-drive booking instead of finance or reserve for 'Test Drive Only' cars. */
  test_drive_replaces_reserve: z.boolean(),
  /** Dealer uses market-price data: reservation needs a price above 200, market badge shown. */
  market_price_enabled: z.boolean(),
  /** Impel 360 spin integration. */
  impel_enabled: z.boolean(),
  /** My-garage pages. */
  garage_enabled: z.boolean(),
  /** 'Sales this Month' counter. */
  sales_counter_enabled: z.boolean(),
  /** Brand directory (Car, Motorcycle, Truck Brands) for dealer groups. */
  brand_directory_enabled: z.boolean(),
  /** Chat bubble that follows the bottom bar. */
  chat_enabled: z.boolean(),
  /** The dealer offers subscription: a positive subscription_price is the displayed price (spec 000 §4). */
  subscription_enabled: z.boolean(),
});

export const ReviewsSchema = z.strictObject({
  /** Reviews show only when the average exceeds this (4). */
  minimum_rating: z.number().min(0).max(5),
  /** Hide reviews entirely. */
  hidden: z.boolean(),
  /** How many Google reviews to show (12). */
  google_reviews_shown: z.number().int().nonnegative(),
});

export const InventorySchema = z.strictObject({
  /** Days a sold car stays listed after its sold date (3); a dealership's include_sold_cars_days wins. */
  sold_days: z.number().int().nonnegative(),
  /** What a snapshot feed does with a car it no longer lists. */
  snapshot_missing_action: z.enum(['sold', 'withdrawn']),
  /** Share of live stock a snapshot may remove before it is held for ops (0.3). */
  mass_removal_guard: z.number().min(0).max(1),
});

/** A promotions-slider slide or a banner (spec 001 screens 18 and 19); the display rules live in marketing/banners.ts. */
const DateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);
/** A site path or an http(s) address: marketing links and images never take javascript: or data: URLs. */
export const BannerEntrySchema = z.strictObject({
  /** Image (slides are 1920x540). */
  image: UrlOrPath,
  /** Alternative text of the image. */
  alt: z.string(),
  /** Colour behind the image while it loads or where it does not cover. */
  background: HexColour.optional(),
  /** Car types the entry is shown for (empty or absent: all). */
  display: z.array(z.enum(['new', 'demo', 'used'])).optional(),
  /** Shown only where every car type of the page is in display. */
  strict_display: z.boolean().optional(),
  /** First day (or instant) shown and last day (or instant) shown; dates are whole days in Sydney. */
  start: DateOrDateTime.optional(),
  expiry: DateOrDateTime.optional(),
  /** Where the entry links (absent: no link). */
  link: UrlOrPath.optional(),
});
export type BannerEntry = z.infer<typeof BannerEntrySchema>;

/**
 * A promotions-slider slide: the Slide entity of spec 001 §3 (id, name, description, url,
 * hide_overlay) with a banner's image and display rules. The name and description are drawn over
 * the image unless hide_overlay (for an image that carries its own words); url is where it links.
 */
export const PromotionSlideSchema = SlideSchema.extend({
  id: z.number().int().positive(),
  name: z.string().trim().min(1, 'A slide needs a name').max(120),
  description: z.string().max(300).optional(),
  url: UrlOrPath.optional(),
  hide_overlay: z.boolean().optional(),
  ...BannerEntrySchema.omit({ link: true }).shape,
}).strict();
export type PromotionSlide = z.infer<typeof PromotionSlideSchema>;

const PromotionSlidesSchema = z.array(PromotionSlideSchema).superRefine((slides, ctx) => {
  const seen = new Set<number>();
  for (const slide of slides) {
    if (seen.has(slide.id))
      ctx.addIssue({ code: 'custom', message: `Slide ids must be unique (${slide.id} is used twice).` });
    seen.add(slide.id);
  }
});

/** An offer shown at /offers/{manufacturer}/{id} or /offers/{id}: plain text only, never HTML. */
export const OfferEntrySchema = z.strictObject({
  id: z.number().int().positive(),
  name: z.string().min(1),
  /** Manufacturer slug; the offer then lives at /offers/{manufacturer}/{id}. */
  manufacturer: z.string().min(1).nullable(),
  model_name: z.string().nullable(),
  /** Plain-text paragraphs. */
  description: z.array(z.string()),
  disclaimer: z.string(),
  image: UrlOrPath.nullable(),
  image_alt: z.string(),
  start: DateOrDateTime.optional(),
  expiry: DateOrDateTime.optional(),
});
export type OfferEntry = z.infer<typeof OfferEntrySchema>;

export const MarketingSchema = z.strictObject({
  /** Popup shown until dismissed (per dealership) and never after its expiry. */
  popup: z
    .strictObject({
      title: z.string(),
      body: z.string(),
      image_url: UrlOrPath.optional(),
      link: UrlOrPath.optional(),
      expiry: z.iso.date(),
    })
    .nullable(),
  /** Servicing page hero text. */
  servicing_hero_text: z.string(),
  /** Driveway information video on the servicing page (null: none). */
  servicing_video_url: z.url().nullable(),
  /** Trade-in FAQ variant: online estimate (7 years/100,000 km) or instant estimate range (10 years/100,000 km). */
  trade_in_faq_variant: z.enum(['online_estimate', 'instant_range']),
  /** Warranty and service claims shown in marketing blocks. */
  claims: z.array(z.string()),
  /** Promotion campaign window (ISO dates) or null. */
  campaign: z.strictObject({ name: z.string(), start: z.iso.date(), end: z.iso.date() }).nullable(),
  /** The service-booking links list of a dealer group (spec 001 screen 15): one per dealer, with its make. */
  service_booking_links: z.array(
    z.strictObject({ name: z.string().min(1), make: z.string().nullable(), url: UrlOrPath }),
  ),
  /** Promotions slider on the home page (1920x540 slides), in order. */
  promotions_slider: PromotionSlidesSchema,
  /** Banners under the slider, in order. */
  banners: z.array(BannerEntrySchema),
  /** Feature banner tiles (latest offers, book service, sell your car). */
  feature_banner: z.array(z.strictObject({ title: z.string().min(1), text: z.string(), href: UrlOrPath })),
  /** Why-buy-from-us block (null: not shown). */
  why_buy: z
    .strictObject({
      heading: z.string().min(1),
      reasons: z.array(z.strictObject({ title: z.string().min(1), text: z.string() })),
    })
    .nullable(),
  /** Offers, each with its own page. */
  offers: z.array(OfferEntrySchema),
  /** Brand directory of a dealer group (shown when features.brand_directory_enabled). */
  brand_directory: z.strictObject({
    /** Site path of the directory page. */
    path: Path,
    title: z.string().min(1),
    /** Sections (Car Brands, Motorcycle Brands, Truck Brands) of manufacturer slugs; a tile links to /{slug}/overview. */
    sections: z.array(z.strictObject({ heading: z.string().min(1), brands: z.array(z.string().min(1)) })),
    /** Heading of the logo grid of every brand of the site. */
    logo_grid_heading: z.string().min(1),
    /** Stats banner ('50+ Locations', '40+ Brands', '30+ Years Est.'). */
    stats: z.array(z.string().min(1)),
    /** Links to the group's other companies. */
    group_companies: z.array(z.strictObject({ label: z.string().min(1), href: UrlOrPath })),
  }),
});

/**
 * A delivery region: a fixed price for postcodes in its ranges or, without ranges, for every
 * destination within max_km of the car's location (great-circle distance, Earth radius 6371 km).
 */
export const DeliveryRegionSchema = z
  .strictObject({
    /** Shown to shoppers for a postcode region; a distance band's is the operator's label only (see deliveryQuote). */
    name: z.string().min(1),
    /** Whole dollars. */
    price: z.number().int().nonnegative(),
    max_km: z.number().positive().optional(),
    postcodes: z
      .array(
        z
          .strictObject({
            from: z.string().regex(/^\d{4}$/, 'Use a 4-digit postcode'),
            to: z.string().regex(/^\d{4}$/, 'Use a 4-digit postcode'),
          })
          .refine((r) => r.from <= r.to, { message: "'from' must not be above 'to'" }),
      )
      .optional(),
  })
  .refine((r) => (r.max_km === undefined) !== (r.postcodes === undefined), {
    message: 'Give a region either max_km or postcodes, not both',
  });
export type DeliveryRegion = z.infer<typeof DeliveryRegionSchema>;

export const DeliverySchema = z.strictObject({
  /** Regions tried in order: postcode regions first, then distance bands from nearest. Empty: no estimates. */
  regions: z.array(DeliveryRegionSchema),
});

export const LeadsSchema = z.strictObject({
  /** The dealership's CRM webhook; null delivers to the platform's deliveries table (development default). */
  crm_webhook_url: z.url({ protocol: /^https?$/, error: 'Use an http(s) URL for the CRM webhook' }).nullable(),
  /**
   * Name of the environment variable holding the webhook's signing secret: secrets live in the
   * environment, never in configuration. Only CRM_SECRET_* names may be read.
   */
  crm_secret_env: z
    .string()
    .regex(/^CRM_SECRET_[A-Z0-9_]+$/, 'Name an environment variable starting with CRM_SECRET_')
    .nullable(),
  /** Addresses notified by email of every lead, as a second channel beside the CRM. */
  notify_emails: z.array(z.email({ error: 'Use a valid email address' })),
  /** The valuation result may be saved to the lead (POST /api/miscellaneous, column_name valuation). */
  save_valuation: z.boolean(),
  /** Share of the retail price taken off comparable stock for a trade-in estimate (reconditioning and margin). */
  trade_in_margin: z.number().min(0).max(0.5),
});

/** Reserve online and buy online (spec 000 §4 'Reservation'; issue 21): deposits, holds and payments. */
export const ReservationsSchema = z.strictObject({
  /** Deposit in whole dollars; null: the car's reserve_deposit, else the spec's '$200'. */
  deposit: z.number().int().min(1).max(MAX_RESERVE_DEPOSIT).nullable(),
  /** How long a paid deposit holds the car (72). */
  hold_hours: z.number().int().min(1).max(720),
  /** How long a hold waits for its payment before the car is released (15). */
  payment_timeout_minutes: z.number().int().min(1).max(1440),
  /** Deposit and refund terms shown at checkout and in the shopper's confirmation email. */
  terms_text: z.string().min(1).max(2000),
  /** /online-payment takes payments against a dealer reference (invoice or service booking). */
  online_payment_enabled: z.boolean(),
  /** Largest online payment in whole dollars. */
  online_payment_max: z.number().int().min(1).max(1_000_000),
  /**
   * Open hours (of the dealership's primary location's sales hours) a new hold may wait for the
   * dealership to act before its dealer users are emailed a reminder, once (2).
   */
  dealer_response_hours: z.number().min(0.25).max(72).multipleOf(0.25),
  /** The most hours one extension of a hold from the dealer console adds (24). */
  max_extension_hours: z.number().int().min(1).max(168),
  /** How many times a hold may be extended; 0: the console offers no extension (2). */
  max_extensions: z.number().int().min(0).max(10),
});

const ClockTime = z.string().regex(CLOCK_TIME, "Use a 24-hour time such as '21:00'");

/** Shopper alerts (issue 43): when texts may arrive. */
export const AlertsSchema = z.strictObject({
  /** Start of the quiet hours for alert texts, on the site's wall clock (its first location's zone). */
  sms_quiet_start: ClockTime,
  /** End of the quiet hours: texts found during them wait until then. Equal to the start: no quiet hours. */
  sms_quiet_end: ClockTime,
});

/**
 * Listings syndicated to Google and Meta (issue 42): which channels publish the dealership's stock,
 * the identifiers each channel matches the dealer by, and which car types go in.
 */
export const SyndicationSchema = z.strictObject({
  /** Publish a Google vehicle listings feed of the dealership's stock. */
  google_enabled: z.boolean(),
  /** Publish a Meta automotive catalog feed of the dealership's stock. */
  meta_enabled: z.boolean(),
  /** Google's store_code for the dealership; null: the dealership's slug (any identifier unique per dealership will do). */
  store_code: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'Use up to 64 letters, digits, dots, dashes or underscores')
    .nullable(),
  /** The dealership's Facebook page id (Meta's fb_page_id, needed for Marketplace); null leaves it out. */
  meta_page_id: z
    .string()
    .regex(/^\d{1,32}$/, 'Use the numeric Facebook page id')
    .nullable(),
  /** Car types the feeds include: new, used and demo, in any combination (at least one). */
  car_types: z.array(CarTypeSchema).min(1, 'Include at least one car type'),
});
export type SyndicationSettings = z.infer<typeof SyndicationSchema>;

const NavItemSchema = z.strictObject({
  label: z.string().min(1),
  href: UrlOrPath,
  children: z.array(z.strictObject({ label: z.string().min(1), href: UrlOrPath })).optional(),
  /**
   * The dropdown lists the site's new-car models, each to its /models/{slug} page (spec 001's
   * 'Vehicles (models dropdown)'), so it follows the stock without editing. Configured children win.
   */
  models_menu: z.boolean().optional(),
});
export type NavItem = z.infer<typeof NavItemSchema>;

const BuyerToolSchema = z.strictObject({ label: z.string().min(1), href: UrlOrPath });

export const NavigationSchema = z.strictObject({
  /** Header menu (default: Home, Vehicles, Offers, Our Stock, Finance, Service, Company). */
  header: z.array(NavItemSchema),
  /** Footer 'Buyer Tools' links. */
  buyer_tools: z.array(BuyerToolSchema),
  /** Payment logos in the footer. */
  payment_logos: z.array(z.enum(['Mastercard', 'Visa', 'Maestro', 'Google Pay', 'Apple Pay'])),
});

/** A page of the site's own content: answers a configured route that has no screen of its own. */
const ContentPageSchema = z.strictObject({
  /** Site path, e.g. /about-us; under routes.pages_prefix when the page says so. */
  path: Path,
  /** Placed under routes.pages_prefix (value-my-car-terms-and-conditions on sites with a pages path). */
  under_pages_prefix: z.boolean(),
  title: z.string().min(1),
  /** Plain-text paragraphs (never HTML, so nothing a dealer types can run in the page). */
  body: z.array(z.string()),
  /** Hero image (site-relative path or absolute URL) and its alternative text. */
  hero_image: UrlOrPath.nullable(),
  hero_alt: z.string(),
});
export type ContentPage = z.infer<typeof ContentPageSchema>;

export const ContentSchema = z.strictObject({
  /** Content pages for the routes of spec 001 §2 that have no screen of their own (a list replaces the defaults whole). */
  pages: z.array(ContentPageSchema),
});

export const SiteConfigSchema = z.strictObject({
  theme: ThemeSchema,
  buttons: ButtonsSchema,
  routes: RoutesSchema,
  gates: GatesSchema,
  embedding: EmbeddingSchema,
  finance: FinanceSchema,
  search: SearchSchema,
  promo: PromoSchema,
  wording: WordingSchema,
  locations: LocationsSchema,
  locations_block: LocationsBlockSchema,
  forms: FormsSchema,
  phone: PhoneSchema,
  features: FeaturesSchema,
  chat: ChatSchema,
  reviews: ReviewsSchema,
  inventory: InventorySchema,
  marketing: MarketingSchema,
  navigation: NavigationSchema,
  delivery: DeliverySchema,
  leads: LeadsSchema,
  reservations: ReservationsSchema,
  alerts: AlertsSchema,
  content: ContentSchema,
  syndication: SyndicationSchema,
});

export type SiteConfig = z.infer<typeof SiteConfigSchema>;
export type SiteConfigGroup = keyof SiteConfig;

/**
 * One layer of configuration: any group may be left out and any field of a group may be left out.
 * Layers stay two levels deep on purpose, so a layer can always be read as "group.field = value".
 */
export type SiteConfigLayer = {
  [G in SiteConfigGroup]?: G extends 'navigation'
    ? NavigationLayer
    : G extends 'content'
      ? ContentLayer
      : Partial<SiteConfig[G]>;
};

/** A layer's menus and content pages either replace the lower list whole (a list) or edit it (see list-edit.ts). */
const NavigationLayerSchema = z.strictObject({
  header: z.union([z.array(NavItemSchema), listEditSchema(NavItemSchema)]).optional(),
  buyer_tools: z.union([z.array(BuyerToolSchema), listEditSchema(BuyerToolSchema)]).optional(),
  payment_logos: NavigationSchema.shape.payment_logos.optional(),
});
export type NavigationLayer = z.infer<typeof NavigationLayerSchema>;

const ContentLayerSchema = z.strictObject({
  pages: z.union([z.array(ContentPageSchema), listEditSchema(ContentPageSchema)]).optional(),
});
export type ContentLayer = z.infer<typeof ContentLayerSchema>;

const LAYER_SCHEMAS: Partial<Record<SiteConfigGroup, z.ZodType>> = {
  navigation: NavigationLayerSchema,
  content: ContentLayerSchema,
};

const layerShape = Object.fromEntries(
  Object.entries(SiteConfigSchema.shape).map(([group, schema]) => [
    group,
    (LAYER_SCHEMAS[group as SiteConfigGroup] ?? schema.partial()).optional(),
  ]),
) as z.ZodRawShape;

export const SiteConfigLayerSchema: z.ZodType<SiteConfigLayer> = z.strictObject(
  layerShape,
) as unknown as z.ZodType<SiteConfigLayer>;
