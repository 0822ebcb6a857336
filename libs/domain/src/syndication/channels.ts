/**
 * The channels a dealership's stock is syndicated to (issue 42) and what each one's file holds:
 * the column names exactly as each channel's feed specification spells them, the smallest photo it
 * takes and the campaign tags its links carry. Read from Google's vehicle listings feed
 * specification and Meta's automotive inventory ads catalog reference.
 */

export const SYNDICATION_CHANNELS = ['google', 'meta'] as const;
export type SyndicationChannel = (typeof SYNDICATION_CHANNELS)[number];

export const isSyndicationChannel = (value: unknown): value is SyndicationChannel =>
  typeof value === 'string' && (SYNDICATION_CHANNELS as readonly string[]).includes(value);

/** What each channel is called to a dealer (the console report, the ops command, lead sources). */
export const CHANNEL_LABELS: Record<SyndicationChannel, string> = {
  google: 'Google vehicle listings',
  meta: 'Meta automotive catalog',
};

/** How many photos a listing carries: the ones the search document holds (its card carousel). */
export const LISTING_PHOTO_COUNT = 5;

/**
 * Google's vehicle listings attributes, in file order. additional_image_link is one column whose
 * value lists the further photos comma-separated, as Merchant Center reads repeated attributes in
 * a delimited file.
 */
export const GOOGLE_COLUMNS = [
  'id',
  'vin',
  'store_code',
  'dealership_name',
  'dealership_address',
  'link',
  'image_link',
  'additional_image_link',
  'price',
  'vehicle_msrp',
  'condition',
  'certified_pre_owned',
  'make',
  'model',
  'trim',
  'year',
  'mileage',
  'exterior_color',
  'date_in_stock',
] as const;
export type GoogleColumn = (typeof GOOGLE_COLUMNS)[number];

/** Meta's image columns: its JSON-path flattening of the images list (image[0].url, image[1].url...). */
export const META_IMAGE_COLUMNS = Array.from(
  { length: LISTING_PHOTO_COUNT },
  (_, index) => `image[${index}].url` as const,
);

/** Meta's automotive catalog fields, in file order; the address flattened with JSON-path column names. */
export const META_COLUMNS = [
  'vehicle_id',
  'vin',
  'title',
  'description',
  'url',
  'make',
  'model',
  'year',
  'trim',
  'body_style',
  'exterior_color',
  'fuel_type',
  'transmission',
  'drivetrain',
  'mileage.value',
  'mileage.unit',
  'price',
  'state_of_vehicle',
  'availability',
  'date_first_on_lot',
  ...META_IMAGE_COLUMNS,
  'dealer_id',
  'dealer_name',
  'fb_page_id',
  'address.addr1',
  'address.city',
  'address.region',
  'address.postal_code',
  'address.country',
  'latitude',
  'longitude',
] as const;
export type MetaColumn = (typeof META_COLUMNS)[number];

export const CHANNEL_COLUMNS: Record<SyndicationChannel, readonly string[]> = {
  google: GOOGLE_COLUMNS,
  meta: META_COLUMNS,
};

/**
 * The smallest photo each channel accepts, in pixels: Google's vehicle ads image rules take 100 x 100
 * (800 x 600 recommended); Meta's catalog asks for 500 x 500. The size checked is the variant the
 * feed links to, not the original.
 */
export const MIN_PHOTO_SIZE: Record<SyndicationChannel, { width: number; height: number }> = {
  google: { width: 100, height: 100 },
  meta: { width: 500, height: 500 },
};

/**
 * The campaign tags of a feed's links: utm_source names the channel, utm_medium the kind of
 * placement and utm_campaign the dealership, so an enquiry that starts there is attributed to it.
 */
export const CHANNEL_UTM: Record<SyndicationChannel, { source: string; medium: string }> = {
  google: { source: 'google', medium: 'vehicle_listings' },
  meta: { source: 'meta', medium: 'automotive_catalog' },
};

/** The file a channel's feed is served as. */
export const FEED_CONTENT_TYPE = 'text/csv; charset=utf-8';
