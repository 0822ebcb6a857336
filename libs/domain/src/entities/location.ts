import { z } from 'zod';
import { AddressSchema } from './address';
import { ImageSchema } from './image';
import { FeedIntSchema, FeedNumberSchema, FeedStringSchema, IdSchema } from './primitives';

export const LocationTypeSchema = z.enum(['sales', 'used', 'service', 'parts']);
export type LocationType = z.infer<typeof LocationTypeSchema>;

export const HoursStatusSchema = z.enum(['Open', 'Closed']);
export type HoursStatus = z.infer<typeof HoursStatusSchema>;

export const DepartmentSchema = z.enum(['all', 'sales', 'service', 'parts']);
export type Department = z.infer<typeof DepartmentSchema>;

// Canonical IANA zones of Australia; each location keeps its own zone for hours and cut-offs.
export const AUSTRALIAN_TIME_ZONES = [
  'Australia/Adelaide',
  'Australia/Brisbane',
  'Australia/Broken_Hill',
  'Australia/Darwin',
  'Australia/Eucla',
  'Australia/Hobart',
  'Australia/Lindeman',
  'Australia/Lord_Howe',
  'Australia/Melbourne',
  'Australia/Perth',
  'Australia/Sydney',
] as const;
export const AustralianTimeZoneSchema = z.enum(AUSTRALIAN_TIME_ZONES);
export type AustralianTimeZone = z.infer<typeof AustralianTimeZoneSchema>;

export const OpeningHourEntrySchema = z.object({
  weekday: FeedIntSchema.pipe(z.int().min(0).max(6)), // 0 Sunday to 6 Saturday
  status: HoursStatusSchema,
  formated_hours: z.string().nullish(),
  open: z.string().nullish(),
  close: z.string().nullish(),
});
export type OpeningHourEntry = z.infer<typeof OpeningHourEntrySchema>;

export const SpecialHourEntrySchema = z.object({
  date: z.iso.date(),
  status: HoursStatusSchema,
  start_hour: z.string().nullish(),
  end_hour: z.string().nullish(),
  department: DepartmentSchema,
  location_name: z.string().optional(),
});
export type SpecialHourEntry = z.infer<typeof SpecialHourEntrySchema>;

export const ContactDetailSchema = z.object({
  phone: z.string().nullish(),
  landline_phone: z.string().nullish(),
  opening_hours: z.array(OpeningHourEntrySchema).nullish(),
});
export type ContactDetail = z.infer<typeof ContactDetailSchema>;

export const LocationReviewsSchema = z.object({
  average_rating: FeedNumberSchema.nullish(),
  count: FeedIntSchema.nullish(),
});
export type LocationReviews = z.infer<typeof LocationReviewsSchema>;

export const LocationSchema = z.object({
  id: IdSchema,
  name: z.string(),
  slug: z.string(),
  visible: z.boolean().nullish(),
  primary: z.boolean().nullish(),
  // '' (or missing) means sales; see effectiveLocationType.
  location_type: z.union([LocationTypeSchema, z.literal('')]).nullish(),
  location_subtype: z.string().nullish(),
  manufacturers: z.array(z.string()).nullish(),
  dealership_id: IdSchema.nullish(),
  dealership_slug: z.string().nullish(),
  dealer_license_number: FeedStringSchema.nullish(),
  motor_vehicle_repairer: FeedStringSchema.nullish(),
  address: AddressSchema.nullish(),
  contact_detail: ContactDetailSchema.nullish(),
  image: ImageSchema.nullish(),
  average_rating: FeedNumberSchema.nullish(),
  review_count: FeedIntSchema.nullish(),
  reviews: LocationReviewsSchema.nullish(),
  phone: z.string().nullish(),
  time_zone: AustralianTimeZoneSchema,
  special_hours: z.array(SpecialHourEntrySchema).nullish(),
  /** Weekly hours of each department the location has, for the location page's department selector. */
  department_hours: z
    .object({
      sales: z.array(OpeningHourEntrySchema).nullish(),
      service: z.array(OpeningHourEntrySchema).nullish(),
      parts: z.array(OpeningHourEntrySchema).nullish(),
    })
    .nullish(),
});
export type Location = z.infer<typeof LocationSchema>;

type LocationTypeFields = Pick<Location, 'location_type' | 'location_subtype'>;

/** Empty type counts as sales; a subtype containing 'pre-owned sales' (any case) forces used. */
export function effectiveLocationType(location: LocationTypeFields): LocationType {
  if (location.location_subtype?.toLowerCase().includes('pre-owned sales')) return 'used';
  return location.location_type || 'sales';
}

/** The departments a location keeps opening hours for. */
export const LOCATION_DEPARTMENTS = ['sales', 'service', 'parts'] as const;
export type LocationDepartment = (typeof LOCATION_DEPARTMENTS)[number];

/** The department a location serves itself: service and parts their own; sales, used and untyped ones sales. */
export function ownDepartment(locationType: string | null | undefined): LocationDepartment {
  return locationType === 'service' || locationType === 'parts' ? locationType : 'sales';
}

export const LOCATION_TYPE_ORDER: Readonly<Record<LocationType, number>> = {
  sales: 1,
  used: 1,
  service: 2,
  parts: 3,
};

/** Sort comparator: sales (and used) first, then service, then parts; stable for equal ranks. */
export function compareLocationsByType(a: LocationTypeFields, b: LocationTypeFields): number {
  return LOCATION_TYPE_ORDER[effectiveLocationType(a)] - LOCATION_TYPE_ORDER[effectiveLocationType(b)];
}
