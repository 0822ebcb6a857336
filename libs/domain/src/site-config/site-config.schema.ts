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
import { REPLY_EMAIL_MAX, REPLY_SMS_MAX, REPLY_SUBJECT_MAX, unknownMergeFields } from '../leads/lead-replies';
import { SlideSchema } from '../entities/slide';

/**
 * The typed site configuration: every per-tenant difference the specifications describe is a
 * named field here, never a slug or template name in code. Each group is merged in layers
 * (platform defaults <- template <- site <- dealership <- manufacturer), see merge.ts.
 *
 * Objects are strict so that a misspelt key in a layer is refused at load instead of silently
 * ignored.
 */

// format 'colour' lets a form generated from the JSON Schema offer a colour picker.
const HexColour = z
  .string()
  .regex(/^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/, 'Use a hex colour such as #1a2b3c')
  .meta({ format: 'colour' });
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
  primary_colour: HexColour.meta({ description: 'Main brand colour: header, primary buttons, links.' }),
  secondary_colour: HexColour.meta({ description: 'Secondary colour: footer, secondary buttons.' }),
  accent_colour: HexColour.meta({ description: 'Accent colour: badges, highlights.' }),
  on_primary_colour: HexColour.meta({ description: 'Text colour on top of the primary colour.' }),
  background_colour: HexColour.meta({ description: 'Page background colour.' }),
  logo_url: UrlOrPath.meta({
    description: 'Logo shown in the header (site-relative path or absolute URL).',
    format: 'image',
  }),
  logo_alt: z.string().meta({ description: 'Alternative text for the logo; defaults to the site name when empty.' }),
  button_style: z
    .enum(['square', 'rounded', 'pill'])
    .meta({ description: 'Button shape: square corners, rounded or pill.' }),
  brand_button_colours: z
    .record(z.string(), HexColour)
    .meta({ description: "Sidebar buttons take the brand colour of the car's make when listed here (spec 001 §9)." }),
  body_font: z.enum(THEME_FONTS).meta({
    description:
      "Typeface of body text and of headings: named font stacks of fonts already on shoppers' devices (no font download, no flash).",
  }),
  heading_font: z.enum(THEME_FONTS).meta({
    description:
      "Typeface of body text and of headings: named font stacks of fonts already on shoppers' devices (no font download, no flash).",
  }),
});

export const ButtonsSchema = z.strictObject({
  enquire_label: z
    .enum(['Enquire', 'Enquire Now', 'Shop Now'])
    .meta({ description: 'Label of the enquiry button on cards and the vehicle page.' }),
  finance_label: z.string().min(1).meta({ description: 'Label of the finance button on cards.' }),
  details_label: z.string().min(1).meta({ description: 'Label of the details link on cards.' }),
  reserve_label: z
    .enum(['Reserve Now', 'Buy Online'])
    .meta({ description: "Reserve button wording: 'Reserve Now' or 'Buy Online'." }),
  similar_label: z.string().min(1).meta({ description: 'Button shown instead of the others for unavailable cars.' }),
  show_reserve: z.boolean().meta({ description: 'Show the reserve button on cards and the vehicle page.' }),
  show_finance: z.boolean().meta({ description: 'Show the finance button on cards.' }),
});

export const RoutesSchema = z.strictObject({
  checkout_segment: z
    .enum(['checkout', 'buy-online'])
    .meta({ description: "Reserve path segment after /cars/{slug}/: 'checkout' (default) or 'buy-online'." }),
  finance_path: UrlOrPath.meta({
    description:
      'Finance enquiry page: /finance by default, /apply-for-finance or /finance-enquiry on some sites, or a configured link.',
  }),
  online_purchase_enabled: z
    .boolean()
    .meta({ description: 'Show the Online Purchase link /checkout-journey?car_id={slug}.' }),
  pages_prefix: z
    .union([z.literal(''), Path])
    .meta({ description: "Prefix for content pages such as value-my-car-terms-and-conditions ('' or '/pages')." }),
  service_path: UrlOrPath.meta({
    description: 'Service booking page; a dealer-specific booking page may replace /service.',
  }),
  trade_in_path: UrlOrPath.meta({ description: 'Trade-in valuation page.' }),
  no_results_refresh_path: Path.meta({
    description: "Where the no-results card's 'Clear Filters' button goes (default /special-offers).",
  }),
  contact_style: z.enum(['per_location', 'single']).meta({
    description: 'Contact page for single-brand sites (/contact) or per-location pages (/contact-us/{slug}).',
  }),
  used_car_breadcrumbs: z.boolean().meta({
    description:
      "Used-car search crumbs link to /used-car, /used-car/{make}, /used-car/{make}/{model} (spec 001 §2's variant).",
  }),
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
  gated_routes: z
    .array(z.enum(GATEABLE_ROUTES))
    .meta({ description: 'Routes a signed-out visitor is sent to /sign-in for (with type, redirect and back).' }),
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
  frame_ancestors: z.array(FrameAncestorSchema).max(10).meta({
    description:
      "Who may show the site's pages in a frame (CSP frame-ancestors); empty: nobody, so forms cannot be framed.",
  }),
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
  provider: z
    .enum(FINANCE_PROVIDERS)
    .meta({ description: "Finance provider whose lender entry drives teasers and the calculator; 'none' hides both." }),
  amount_min: z.number().int().positive().meta({
    description: 'Smallest purchase price / loan amount the calculator accepts (1000; 5000 for some providers).',
  }),
  amount_max: z.number().int().positive().meta({ description: 'Largest amount in the calculator panel (250000).' }),
  slider_amount_max: z
    .number()
    .int()
    .positive()
    .meta({ description: 'Largest amount in the slider variant (100000).' }),
  slider_max_follows_price: z
    .boolean()
    .meta({ description: 'Slider maximum becomes 1.05 x price when the price is above the slider maximum.' }),
  amount_step: z.number().positive().meta({ description: 'Amount step (500).' }),
  term_min_years: z
    .number()
    .positive()
    .meta({ description: 'Term range in years (1 to 7; 1 to 5 on some) and its step (0.5).' }),
  term_max_years: z
    .number()
    .positive()
    .meta({ description: 'Term range in years (1 to 7; 1 to 5 on some) and its step (0.5).' }),
  term_step_years: z
    .number()
    .positive()
    .meta({ description: 'Term range in years (1 to 7; 1 to 5 on some) and its step (0.5).' }),
  term_default_years: z.number().positive().meta({ description: 'Default term (5 years; 6 in some places).' }),
  interest_min: z
    .number()
    .positive()
    .meta({ description: 'Interest rate range in percent (0.5 to 15 by default; provider minima/maxima vary).' }),
  interest_max: z
    .number()
    .positive()
    .meta({ description: 'Interest rate range in percent (0.5 to 15 by default; provider minima/maxima vary).' }),
  interest_default: z
    .number()
    .positive()
    .meta({ description: 'Default interest rate for the calculator (10 percent).' }),
  amount_default: z
    .number()
    .int()
    .positive()
    .meta({ description: 'Default amount when the car has no price (30000).' }),
  fees: z
    .array(
      z.strictObject({ label: z.string().min(1), amount: z.number().nonnegative(), per: z.enum(['once', 'month']) }),
    )
    .meta({ description: 'Fees added by the site or lender (e.g. establishment fee 1300), in dollars.' }),
  disclaimer_enabled: z
    .boolean()
    .meta({ dealerEditable: true, description: 'Show the finance disclaimer on used cars eligible for finance.' }),
  teaser_excluded_dealership_ids: z
    .array(z.number().int())
    .meta({ description: 'Dealership ids that never show finance teasers.' }),
  teaser_excluded_makes: z
    .array(z.string())
    .meta({ description: 'Manufacturers that never show finance teasers (Suzuki per spec 001 §5).' }),
  quote_service_enabled: z
    .boolean()
    .meta({ description: 'Call the quote service (POST /api/youx/quote) for a weekly estimate.' }),
  quote_advertised_rate: z.number().nonnegative().max(100).meta({
    description:
      'Percent p.a. the built-in quote advertises, so a site without a quote partner still gets an estimate (9.99).',
  }),
  quote_establishment_fee: z.number().nonnegative().max(10000).meta({
    description:
      'Establishment fee in dollars the built-in quote finances and folds into its comparison rate. Capped well below the $30,000 comparison loan, since a fee near it leaves no loan to compare.',
  }),
  quote_monthly_fee: z.number().nonnegative().meta({
    description:
      'Account fee in dollars per month; lenders charge it on top of repayments, so it raises the comparison rate.',
  }),
  quote_rate_by_age: z
    .array(z.strictObject({ max_age_years: z.number().int().nonnegative(), rate: z.number().nonnegative().max(100) }))
    .meta({
      description:
        'Rate bands by vehicle age: a car up to max_age_years old gets that rate, so older stock can carry a higher rate. Empty, or a car older than every band, uses quote_advertised_rate.',
    }),
  repayment_rounding: z.enum(REPAYMENT_ROUNDINGS).meta({
    description:
      "How the lender takes weekly repayments to whole dollars: 'up', or 'floor_or_ceil' to the nearer dollar (spec 001 §9).",
  }),
  comparison_rate_range: z
    .strictObject({ min: z.number().positive().max(100), max: z.number().positive().max(100) })
    .refine((range) => range.min <= range.max, { message: 'min must not be above max' })
    .nullable()
    .meta({
      description:
        "The provider's range of comparison rates, shown beside its rates (8.38% to 19.42% for one provider); null: none shown.",
    }),
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
  widget_script_url: ChatWidgetScriptUrlSchema.nullable().meta({
    description:
      "A third-party chat widget's script, loaded when a shopper first opens the chat, its origin let through this site's CSP only. Null: the platform's own chat (the enquiry form prefilled, or a text to the dealership).",
  }),
});

export const SearchSchema = z.strictObject({
  hits_per_page: z.number().int().min(1).max(100).meta({ description: 'Results per page (21).' }),
  sort_options: z
    .array(z.strictObject({ value: z.enum(SORT_VALUES), label: z.string().min(1) }))
    .min(1)
    .meta({ description: 'Sort options offered, in order, with their labels.' }),
  visibility_filters: z.array(z.string().regex(/^-?[a-z_]+:.+$/, "Use 'field:value' or '-field:value'")).meta({
    description:
      "Extra visibility filters ANDed with the base filter, e.g. 'car_type:used', '-make:Suzuki', '-stocknum:A123'.",
  }),
  positive_price_on_price_asc: z.boolean().meta({ description: "Add 'price > 0' when sorting by price ascending." }),
  car_types: z
    .array(z.enum(['new', 'demo', 'used']))
    .min(1)
    .meta({ description: 'Car types sold on this site, in display order (new, demo, used).' }),
  popular_makes: z
    .array(z.string())
    .meta({ description: "Makes listed under 'Popular Makes' (empty: the first popular_makes_count makes by stock)." }),
  popular_makes_count: z
    .number()
    .int()
    .positive()
    .meta({ description: "How many makes show before 'Show all makes' (7; 20 on some sites)." }),
  model_list_limit: z.number().int().positive().meta({ description: 'Models listed under a chosen make (30).' }),
  stock_count_override: z
    .number()
    .int()
    .positive()
    .nullable()
    .meta({ description: 'Stock count shown when the true count is above 1999 (null: summed facet counts).' }),
  filter_facets: z.array(z.strictObject({ facet: z.enum(TERM_FACETS), label: z.string().min(1) })).meta({
    description: "Checkbox filter lists on the search page, in order, with their headings (spec 000 'Search facets').",
  }),
});

export const PromoSchema = z.strictObject({
  enabled: z.boolean().meta({ description: "Inject the 'We Want Your Car' promo card into results." }),
  mode: z
    .enum(['fixed', 'every', 'random'])
    .meta({ description: 'fixed: at listed positions; every: every Nth card up to a limit; random: a random offset.' }),
  positions: z
    .array(z.number().int().positive())
    .meta({ description: 'Card positions for mode fixed (default [30]).' }),
  every: z.number().int().positive().meta({ description: 'For mode every: every N (5) up to this position (30).' }),
  up_to: z.number().int().positive().meta({ description: 'For mode every: every N (5) up to this position (30).' }),
  random_min: z
    .number()
    .int()
    .positive()
    .meta({ description: 'For mode random: offset drawn from min to max (3 to 5).' }),
  random_max: z
    .number()
    .int()
    .positive()
    .meta({ description: 'For mode random: offset drawn from min to max (3 to 5).' }),
  link: UrlOrPath.meta({ description: 'Where the promo card links.' }),
});

export const WordingSchema = z.strictObject({
  no_price_text: z
    .string()
    .min(1)
    .meta({ description: "Text shown when a car has no usable price (default 'Enquire for price.')." }),
  used_label: z.enum(['Used', 'Pre-Owned']).meta({ description: "Label for used cars: 'Used' or 'Pre-Owned'." }),
  reserve_deposit_text: z
    .string()
    .min(1)
    .meta({ description: "Reserve deposit text when the car has no value (default '$200')." }),
  tagline: z.string().meta({ dealerEditable: true, description: 'Site tagline under the name on the home page.' }),
});

export const LocationsSchema = z.strictObject({
  show_all_location_tabs: z
    .boolean()
    .meta({ description: 'Show every location-type tab side by side instead of one at a time.' }),
  card_buttons: z
    .enum(['contact_and_service', 'send_enquiry'])
    .meta({ description: "Buttons on location cards: 'Contact Us' + 'Book a Service', or one 'Send Enquiry' modal." }),
  city_order: z
    .array(z.string())
    .meta({ description: 'Fixed city order for the location card grid (empty: alphabetical).' }),
  map_embed_key: z.string().meta({
    description:
      'Public maps key: with one, location maps are embedded; without, a static image and a Get Directions link.',
  }),
});

/** The locations block (spec 001 §2 screens 4 and 5) and where it sits on the home page. */
export const LocationsBlockSchema = z.strictObject({
  home_placement: z
    .enum(LOCATIONS_BLOCK_PLACEMENTS)
    .meta({ description: 'On the home page: after the dealership list, instead of it, or not at all.' }),
  source: z
    .enum(LOCATIONS_BLOCK_SOURCES)
    .meta({ description: 'The primary location, a location by id, or a filtered list.' }),
  location_id: z.number().int().positive().nullable().meta({ description: "The location of source 'by_id'." }),
  filter: z
    .enum(LOCATION_FILTERS)
    .meta({ description: 'List filter: sales, service, parts, service-and-parts or all.' }),
  manufacturer: z.string().meta({ description: "List only locations of this manufacturer ('' for any)." }),
  subtype: z.string().meta({ description: "List only locations whose subtype contains this ('' for any)." }),
  exclude_ids: z.array(z.number().int().positive()).meta({ description: 'Location ids never listed.' }),
  layout: z.enum(LOCATIONS_BLOCK_LAYOUTS).meta({
    description:
      "Several locations: a card grid (in locations.city_order when set) or the 'Our Locations' carousel with a Swipe hint.",
  }),
  single_display: z
    .enum(LOCATIONS_BLOCK_SINGLE_DISPLAYS)
    .meta({ description: 'One location: a map and contact card, or the large location hero with map.' }),
  title: z.string().min(1).meta({ description: "Heading of the block ('Our Locations')." }),
});

export const FormsSchema = z.strictObject({
  message_required: z
    .boolean()
    .meta({ description: 'The enquiry message is required (isMessageRequired, default true).' }),
  default_state: z
    .enum(['act', 'nsw', 'nt', 'qld', 'sa', 'tas', 'vic', 'wa'])
    .meta({ description: 'Default state selected in forms (qld).' }),
  captcha_provider: z
    .enum(['none', 'recaptcha', 'turnstile'])
    .meta({ description: "Captcha verifier for forms: 'none' accepts everything (development only)." }),
  captcha_site_key: z.string().meta({ description: 'Public captcha site key (secrets stay in the environment).' }),
  additional_services: z
    .array(z.string().trim().min(1, 'Name each service').max(100, 'Keep each service under 100 characters'))
    .max(20, 'List at most 20 additional services')
    .refine((services) => new Set(services).size === services.length, 'List each additional service once')
    .meta({
      description:
        'Extras a shopper may tick on the contact and service forms, sent as additional_services (none: not shown).',
    }),
});

export const PhoneSchema = z.strictObject({
  filter_by_car_type: z
    .boolean()
    .meta({ description: "Show the car-type specific number instead of the car's location phone." }),
  numbers: z
    .strictObject({ new: z.string(), used: z.string(), demo: z.string() })
    .meta({ dealerEditable: true, description: 'Numbers per car type, used when filter_by_car_type is on.' }),
});

export const FeaturesSchema = z.strictObject({
  favourites_enabled: z.boolean().meta({ description: 'Favourites kept in local storage.' }),
  compare_enabled: z.boolean().meta({ description: 'Compare list on cards.' }),
  watchlist_enabled: z.boolean().meta({ description: 'Watchlist (requires sign-in with a phone).' }),
  hide_save_without_price_or_images: z
    .boolean()
    .meta({ description: 'Hide favourite and compare buttons when price <= 0 or there are no images.' }),
  gallery_default_mode: z
    .enum(['gallery', 'spinner', 'interior'])
    .meta({ description: 'Vehicle gallery opens in this mode.' }),
  fuel_calculator_enabled: z.boolean().meta({ description: 'Fuel-cost calculator on the vehicle page.' }),
  delivery_calculator_enabled: z.boolean().meta({ description: 'Delivery calculator on the vehicle page.' }),
  test_drive_enabled: z.boolean().meta({ description: 'Offer test-drive booking on the vehicle page.' }),
  test_drive_replaces_reserve: z
    .boolean()
    .meta({ description: "Offer test-drive booking instead of finance or reserve for 'Test Drive Only' cars." }),
  market_price_enabled: z
    .boolean()
    .meta({ description: 'Dealer uses market-price data: reservation needs a price above 200, market badge shown.' }),
  impel_enabled: z.boolean().meta({ description: 'Impel 360 spin integration.' }),
  garage_enabled: z.boolean().meta({ description: 'My-garage pages.' }),
  sales_counter_enabled: z.boolean().meta({ description: "'Sales this Month' counter." }),
  brand_directory_enabled: z
    .boolean()
    .meta({ description: 'Brand directory (Car, Motorcycle, Truck Brands) for dealer groups.' }),
  chat_enabled: z.boolean().meta({ description: 'Chat bubble that follows the bottom bar.' }),
  subscription_enabled: z.boolean().meta({
    description: 'The dealer offers subscription: a positive subscription_price is the displayed price (spec 000 §4).',
  }),
  mcp_enabled: z.boolean().meta({
    dealerEditable: true,
    description:
      "AI assistants (Claude, ChatGPT, any MCP client) may search the stock, read cars, locations and finance estimates and send enquiries at /mcp on the site's host (on by default).",
  }),
});

export const ReviewsSchema = z.strictObject({
  minimum_rating: z
    .number()
    .min(0)
    .max(5)
    .meta({ description: 'Reviews show only when the average exceeds this (4).' }),
  hidden: z.boolean().meta({ description: 'Hide reviews entirely.' }),
  google_reviews_shown: z.number().int().nonnegative().meta({ description: 'How many Google reviews to show (12).' }),
});

export const InventorySchema = z.strictObject({
  sold_days: z.number().int().nonnegative().meta({
    description: "Days a sold car stays listed after its sold date (3); a dealership's include_sold_cars_days wins.",
  }),
  snapshot_missing_action: z
    .enum(['sold', 'withdrawn'])
    .meta({ description: 'What a snapshot feed does with a car it no longer lists.' }),
  mass_removal_guard: z
    .number()
    .min(0)
    .max(1)
    .meta({ description: 'Share of live stock a snapshot may remove before it is held for ops (0.3).' }),
});

/** A promotions-slider slide or a banner (spec 001 screens 18 and 19); the display rules live in marketing/banners.ts. */
const DateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);
/** A site path or an http(s) address: marketing links and images never take javascript: or data: URLs. */
export const BannerEntrySchema = z
  .strictObject({
    image: UrlOrPath.meta({ description: 'Image (slides are 1920x540).', format: 'image' }),
    alt: z.string().meta({ description: 'Alternative text of the image.' }),
    background: HexColour.optional().meta({
      description: 'Colour behind the image while it loads or where it does not cover.',
    }),
    display: z
      .array(z.enum(['new', 'demo', 'used']))
      .optional()
      .meta({ description: 'Car types the entry is shown for (empty or absent: all).' }),
    strict_display: z
      .boolean()
      .optional()
      .meta({ description: 'Shown only where every car type of the page is in display.' }),
    start: DateOrDateTime.optional().meta({
      description: 'First day (or instant) shown and last day (or instant) shown; dates are whole days in Sydney.',
    }),
    expiry: DateOrDateTime.optional().meta({
      description: 'First day (or instant) shown and last day (or instant) shown; dates are whole days in Sydney.',
    }),
    link: UrlOrPath.optional().meta({ description: 'Where the entry links (absent: no link).' }),
  })
  .meta({ title: 'Banner' });
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
})
  .strict()
  .meta({ title: 'Slide' });
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
export const OfferEntrySchema = z
  .strictObject({
    id: z.number().int().positive(),
    name: z.string().min(1),
    manufacturer: z
      .string()
      .min(1)
      .nullable()
      .meta({ description: 'Manufacturer slug; the offer then lives at /offers/{manufacturer}/{id}.' }),
    model_name: z.string().nullable(),
    description: z.array(z.string()).meta({ description: 'Plain-text paragraphs.' }),
    disclaimer: z.string(),
    image: UrlOrPath.meta({ format: 'image' }).nullable(),
    image_alt: z.string(),
    start: DateOrDateTime.optional(),
    expiry: DateOrDateTime.optional(),
  })
  .meta({ title: 'Offer' });
export type OfferEntry = z.infer<typeof OfferEntrySchema>;

export const MarketingSchema = z.strictObject({
  popup: z
    .strictObject({
      title: z.string(),
      body: z.string(),
      image_url: UrlOrPath.meta({ format: 'image' }).optional(),
      link: UrlOrPath.optional(),
      expiry: z.iso.date(),
    })
    .nullable()
    .meta({
      dealerEditable: true,
      description: 'Popup shown until dismissed (per dealership) and never after its expiry.',
    }),
  servicing_hero_text: z.string().meta({ description: 'Servicing page hero text.' }),
  servicing_video_url: z
    .url()
    .nullable()
    .meta({ description: 'Driveway information video on the servicing page (null: none).' }),
  trade_in_faq_variant: z.enum(['online_estimate', 'instant_range']).meta({
    description:
      'Trade-in FAQ variant: online estimate (7 years/100,000 km) or instant estimate range (10 years/100,000 km).',
  }),
  claims: z
    .array(z.string())
    .meta({ dealerEditable: true, description: 'Warranty and service claims shown in marketing blocks.' }),
  campaign: z
    .strictObject({ name: z.string(), start: z.iso.date(), end: z.iso.date() })
    .nullable()
    .meta({ dealerEditable: true, description: 'Promotion campaign window (ISO dates) or null.' }),
  service_booking_links: z
    .array(z.strictObject({ name: z.string().min(1), make: z.string().nullable(), url: UrlOrPath }))
    .meta({
      description:
        'The service-booking links list of a dealer group (spec 001 screen 15): one per dealer, with its make.',
    }),
  promotions_slider: PromotionSlidesSchema.meta({
    dealerEditable: true,
    description: 'Promotions slider on the home page (1920x540 slides), in order.',
  }),
  banners: z
    .array(BannerEntrySchema)
    .meta({ dealerEditable: true, description: 'Banners under the slider, in order.' }),
  feature_banner: z
    .array(z.strictObject({ title: z.string().min(1), text: z.string(), href: UrlOrPath }))
    .meta({ description: 'Feature banner tiles (latest offers, book service, sell your car).' }),
  why_buy: z
    .strictObject({
      heading: z.string().min(1),
      reasons: z.array(z.strictObject({ title: z.string().min(1), text: z.string() })),
    })
    .nullable()
    .meta({ description: 'Why-buy-from-us block (null: not shown).' }),
  offers: z.array(OfferEntrySchema).meta({ dealerEditable: true, description: 'Offers, each with its own page.' }),
  brand_directory: z
    .strictObject({
      path: Path.meta({ description: 'Site path of the directory page.' }),
      title: z.string().min(1),
      sections: z.array(z.strictObject({ heading: z.string().min(1), brands: z.array(z.string().min(1)) })).meta({
        description:
          'Sections (Car Brands, Motorcycle Brands, Truck Brands) of manufacturer slugs; a tile links to /{slug}/overview.',
      }),
      logo_grid_heading: z
        .string()
        .min(1)
        .meta({ description: 'Heading of the logo grid of every brand of the site.' }),
      stats: z
        .array(z.string().min(1))
        .meta({ description: "Stats banner ('50+ Locations', '40+ Brands', '30+ Years Est.')." }),
      group_companies: z
        .array(z.strictObject({ label: z.string().min(1), href: UrlOrPath }))
        .meta({ description: "Links to the group's other companies." }),
    })
    .meta({ description: 'Brand directory of a dealer group (shown when features.brand_directory_enabled).' }),
});

/**
 * A delivery region: a fixed price for postcodes in its ranges or, without ranges, for every
 * destination within max_km of the car's location (great-circle distance, Earth radius 6371 km).
 */
export const DeliveryRegionSchema = z
  .strictObject({
    name: z.string().min(1).meta({
      description:
        "Shown to shoppers for a postcode region; a distance band's is the operator's label only (see deliveryQuote).",
    }),
    price: z.number().int().nonnegative().meta({ description: 'Whole dollars.' }),
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
  })
  .meta({ title: 'Delivery region' });
export type DeliveryRegion = z.infer<typeof DeliveryRegionSchema>;

export const DeliverySchema = z.strictObject({
  regions: z.array(DeliveryRegionSchema).meta({
    description:
      'Regions tried in order: postcode regions first, then distance bands from nearest. Empty: no estimates.',
  }),
});

/** A template's text may only name merge fields that exist: a typo would reach a shopper as written. */
const mergeText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .min(1, `Write the ${what}`)
    .max(max, `Keep the ${what} to ${max} characters`)
    .superRefine((text, context) => {
      for (const name of unknownMergeFields(text))
        context.addIssue({
          code: 'custom',
          message: `{{${name}}} is not a merge field: use first_name, name, enquiry, car, car_link, dealership, dealership_phone, location or salesperson`,
        });
    });

/** One reply a salesperson starts from (leads.reply_templates). */
export const ReplyTemplateSchema = z
  .strictObject({
    key: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9_-]{0,39}$/,
        'Use a short key of lower-case letters, digits, - and _ (thanks, test-drive)',
      ),
    name: z.string().trim().min(1, 'Name the template').max(80, 'Keep the name to 80 characters'),
    subject: mergeText(REPLY_SUBJECT_MAX, 'subject').meta({ description: "The email's subject line." }),
    email: mergeText(REPLY_EMAIL_MAX, 'email').meta({ title: 'Email text' }),
    // Room is left for the dealership's name, which signs every text.
    sms: mergeText(REPLY_SMS_MAX - 80, 'text message')
      .nullable()
      .meta({ title: 'Text message', description: 'The SMS version; null: this template is email only.' }),
    acknowledge: z.boolean().meta({
      title: 'Send automatically',
      description: "Emailed to the shopper in the dealership's name the moment a lead arrives (one template at most).",
    }),
  })
  .meta({ title: 'Reply template' });
export type ReplyTemplate = z.infer<typeof ReplyTemplateSchema>;

/** How a new lead gets its salesperson (leads.assignment). */
export const LEAD_ASSIGNMENT_MODES = ['round_robin', 'manual'] as const;

export const LeadsSchema = z.strictObject({
  crm_webhook_url: z
    .url({ protocol: /^https?$/, error: 'Use an http(s) URL for the CRM webhook' })
    .nullable()
    .meta({
      description:
        "The dealership's CRM webhook; null delivers to the platform's deliveries table (development default).",
    }),
  crm_secret_env: z
    .string()
    .regex(/^CRM_SECRET_[A-Z0-9_]+$/, 'Name an environment variable starting with CRM_SECRET_')
    .nullable()
    .meta({
      description:
        "Name of the environment variable holding the webhook's signing secret: secrets live in the environment, never in configuration. Only CRM_SECRET_* names may be read.",
    }),
  notify_emails: z.array(z.email({ error: 'Use a valid email address' })).meta({
    dealerEditable: true,
    description: 'Addresses notified by email of every lead, as a second channel beside the CRM.',
  }),
  save_valuation: z.boolean().meta({
    description: 'The valuation result may be saved to the lead (POST /api/miscellaneous, column_name valuation).',
  }),
  trade_in_margin: z.number().min(0).max(0.5).meta({
    description:
      'Share of the retail price taken off comparable stock for a trade-in estimate (reconditioning and margin).',
  }),
  response_target_minutes: z.number().int().min(1).max(1440).meta({
    dealerEditable: true,
    description:
      'Minutes of sales opening hours within which a person should answer a new lead (5); the clock pauses while closed.',
  }),
  due_soon_minutes: z.number().int().min(0).max(60).meta({
    dealerEditable: true,
    description: 'A lead shows Due soon this many minutes before it is due (2).',
  }),
  assignment: z.enum(LEAD_ASSIGNMENT_MODES).meta({
    dealerEditable: true,
    description:
      "How a new lead gets its salesperson: 'round_robin' gives each to the next sales user taking leads, in turn; 'manual' leaves it unassigned for someone to take.",
  }),
  escalate_to_owners_after_minutes: z.number().int().min(0).max(1440).meta({
    dealerEditable: true,
    description:
      "Minutes of open time after a lead becomes overdue that the dealership's owners are told (10; 0: at once).",
  }),
  reassign_after_minutes: z.number().int().min(1).max(1440).nullable().meta({
    dealerEditable: true,
    description:
      'Minutes of open time after the owners are told that an unanswered lead moves to the next salesperson in turn (round-robin only); null: never.',
  }),
  task_reminder_minutes: z.number().int().min(0).max(1440).meta({
    dealerEditable: true,
    description:
      "Minutes before a follow-up task is due (a call back, a test drive) that the task's person is reminded (15; 0: at the due time).",
  }),
  lost_reasons: z.array(z.string().trim().min(1, 'Name the reason').max(80)).max(20).meta({
    dealerEditable: true,
    description:
      'The reasons a salesperson picks from when a lead is lost, for the reports (they may add their own words).',
  }),
  reply_templates: z
    .array(ReplyTemplateSchema)
    .max(30, 'Keep to 30 templates')
    .superRefine((templates, context) => {
      const seen = new Set<string>();
      templates.forEach((template, index) => {
        if (seen.has(template.key))
          context.addIssue({ code: 'custom', path: [index, 'key'], message: `Another template is '${template.key}'` });
        seen.add(template.key);
      });
      const automatic = templates.flatMap((template, index) => (template.acknowledge ? [index] : []));
      for (const index of automatic.slice(1))
        context.addIssue({
          code: 'custom',
          path: [index, 'acknowledge'],
          message: 'Only one template can be sent automatically: untick the others',
        });
    })
    .meta({
      dealerEditable: true,
      description:
        "The replies a salesperson starts from on a lead, with merge fields such as {{first_name}}, {{car}} and {{car_link}}. A list set here replaces the inherited one (the platform's: thanks, test-drive, finance, received), so copy in any you keep.",
    }),
});

/** Reserve online and buy online (spec 000 §4 'Reservation'; issue 21): deposits, holds and payments. */
export const ReservationsSchema = z.strictObject({
  deposit: z
    .number()
    .int()
    .min(1)
    .max(MAX_RESERVE_DEPOSIT)
    .nullable()
    .meta({ description: "Deposit in whole dollars; null: the car's reserve_deposit, else the spec's '$200'." }),
  hold_hours: z.number().int().min(1).max(720).meta({ description: 'How long a paid deposit holds the car (72).' }),
  payment_timeout_minutes: z
    .number()
    .int()
    .min(1)
    .max(1440)
    .meta({ description: 'How long a hold waits for its payment before the car is released (15).' }),
  terms_text: z
    .string()
    .min(1)
    .max(2000)
    .meta({ description: "Deposit and refund terms shown at checkout and in the shopper's confirmation email." }),
  online_payment_enabled: z
    .boolean()
    .meta({ description: '/online-payment takes payments against a dealer reference (invoice or service booking).' }),
  online_payment_max: z
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .meta({ description: 'Largest online payment in whole dollars.' }),
  dealer_response_hours: z.number().min(0.25).max(72).multipleOf(0.25).meta({
    description:
      "Open hours (of the dealership's primary location's sales hours) a new hold may wait for the dealership to act before its dealer users are emailed a reminder, once (2).",
  }),
  max_extension_hours: z
    .number()
    .int()
    .min(1)
    .max(168)
    .meta({ description: 'The most hours one extension of a hold from the dealer console adds (24).' }),
  max_extensions: z
    .number()
    .int()
    .min(0)
    .max(10)
    .meta({ description: 'How many times a hold may be extended; 0: the console offers no extension (2).' }),
});

const ClockTime = z.string().regex(CLOCK_TIME, "Use a 24-hour time such as '21:00'");

/** Shopper alerts (issue 43): when texts may arrive. */
export const AlertsSchema = z.strictObject({
  sms_quiet_start: ClockTime.meta({
    description: "Start of the quiet hours for alert texts, on the site's wall clock (its first location's zone).",
  }),
  sms_quiet_end: ClockTime.meta({
    description: 'End of the quiet hours: texts found during them wait until then. Equal to the start: no quiet hours.',
  }),
});

/**
 * Listings syndicated to Google and Meta (issue 42): which channels publish the dealership's stock,
 * the identifiers each channel matches the dealer by, and which car types go in.
 */
export const SyndicationSchema = z.strictObject({
  google_enabled: z
    .boolean()
    .meta({ description: "Publish a Google vehicle listings feed of the dealership's stock." }),
  meta_enabled: z.boolean().meta({ description: "Publish a Meta automotive catalog feed of the dealership's stock." }),
  store_code: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'Use up to 64 letters, digits, dots, dashes or underscores')
    .nullable()
    .meta({
      description:
        "Google's store_code for the dealership; null: the dealership's slug (any identifier unique per dealership will do).",
    }),
  meta_page_id: z
    .string()
    .regex(/^\d{1,32}$/, 'Use the numeric Facebook page id')
    .nullable()
    .meta({
      description: "The dealership's Facebook page id (Meta's fb_page_id, needed for Marketplace); null leaves it out.",
    }),
  car_types: z
    .array(CarTypeSchema)
    .min(1, 'Include at least one car type')
    .meta({ description: 'Car types the feeds include: new, used and demo, in any combination (at least one).' }),
});
export type SyndicationSettings = z.infer<typeof SyndicationSchema>;

const NavItemSchema = z
  .strictObject({
    label: z.string().min(1),
    href: UrlOrPath,
    children: z.array(z.strictObject({ label: z.string().min(1), href: UrlOrPath })).optional(),
    models_menu: z.boolean().optional().meta({
      description:
        "The dropdown lists the site's new-car models, each to its /models/{slug} page (spec 001's 'Vehicles (models dropdown)'), so it follows the stock without editing. Configured children win.",
    }),
  })
  .meta({ title: 'Menu item' });
export type NavItem = z.infer<typeof NavItemSchema>;

const BuyerToolSchema = z.strictObject({ label: z.string().min(1), href: UrlOrPath }).meta({ title: 'Link' });

export const NavigationSchema = z.strictObject({
  header: z
    .array(NavItemSchema)
    .meta({ description: 'Header menu (default: Home, Vehicles, Offers, Our Stock, Finance, Service, Company).' }),
  buyer_tools: z.array(BuyerToolSchema).meta({ description: "Footer 'Buyer Tools' links." }),
  payment_logos: z
    .array(z.enum(['Mastercard', 'Visa', 'Maestro', 'Google Pay', 'Apple Pay']))
    .meta({ description: 'Payment logos in the footer.' }),
});

/** A page of the site's own content: answers a configured route that has no screen of its own. */
const ContentPageSchema = z
  .strictObject({
    path: Path.meta({ description: 'Site path, e.g. /about-us; under routes.pages_prefix when the page says so.' }),
    under_pages_prefix: z.boolean().meta({
      description: 'Placed under routes.pages_prefix (value-my-car-terms-and-conditions on sites with a pages path).',
    }),
    title: z.string().min(1),
    body: z
      .array(z.string())
      .meta({ description: 'Plain-text paragraphs (never HTML, so nothing a dealer types can run in the page).' }),
    hero_image: UrlOrPath.nullable().meta({
      description: 'Hero image (site-relative path or absolute URL) and its alternative text.',
    }),
    hero_alt: z
      .string()
      .meta({ description: 'Hero image (site-relative path or absolute URL) and its alternative text.' }),
  })
  .meta({ title: 'Content page' });
export type ContentPage = z.infer<typeof ContentPageSchema>;

export const ContentSchema = z.strictObject({
  pages: z.array(ContentPageSchema).meta({
    description:
      'Content pages for the routes of spec 001 §2 that have no screen of their own (a list replaces the defaults whole).',
  }),
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

/**
 * A layer's menus and content pages either replace the lower list whole (a list) or edit it (see
 * list-edit.ts). The union's variants carry titles and the field its group's description, so a form
 * built from the layer's JSON Schema can name both ways of changing the list.
 */
function replaceOrEditList<S extends z.ZodObject>(entry: S, field: z.ZodType) {
  return z
    .union([
      z.array(entry).meta({ title: 'Replace the list' }),
      listEditSchema(entry).meta({ title: 'Edit the inherited list' }),
    ])
    .optional()
    .meta({ ...field.meta() });
}

const NavigationLayerSchema = z.strictObject({
  header: replaceOrEditList(NavItemSchema, NavigationSchema.shape.header),
  buyer_tools: replaceOrEditList(BuyerToolSchema, NavigationSchema.shape.buyer_tools),
  payment_logos: NavigationSchema.shape.payment_logos.optional(),
});
export type NavigationLayer = z.infer<typeof NavigationLayerSchema>;

const ContentLayerSchema = z.strictObject({
  pages: replaceOrEditList(ContentPageSchema, ContentSchema.shape.pages),
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

/** The layer as the object schema it is, for tools that read its shape (forms, JSON Schema). */
export const SiteConfigLayerObjectSchema = z.strictObject(layerShape);

export const SiteConfigLayerSchema: z.ZodType<SiteConfigLayer> =
  SiteConfigLayerObjectSchema as unknown as z.ZodType<SiteConfigLayer>;
