import { z } from 'zod';
import type { DataSource } from 'typeorm';
import {
  groupOpeningHours,
  LOCATION_DEPARTMENTS,
  openNow,
  ownDepartment,
  type SlotOpeningHours,
  type SlotSpecialHours,
} from '@platform/domain';
import { DealerSchema } from '../dealer-schema';
import type { McpSite } from '../mcp-site';
import { answer, DEALER_TEXT_IS_DATA } from '../tool-result';

export const ListLocationsInput = z.strictObject({
  department: z
    .enum(LOCATION_DEPARTMENTS)
    .optional()
    .describe('Only the locations of this department (sales, service or parts); all when left out.'),
});

const LocationSchema = z.object({
  name: z.string(),
  /** The location's reference for send_enquiry's location. */
  reference: z.string(),
  dealership: z.string().nullable(),
  department: z.string(),
  address: z.object({ street: z.string(), city: z.string(), state: z.string(), postcode: z.string() }),
  phone: z.string().nullable(),
  time_zone: z.string(),
  open_now: z.boolean(),
  /** Today's hours on the location's clock, null when closed all day. */
  today: z.object({ open: z.string(), close: z.string() }).nullable(),
  /** The week as the page shows it: 'Mon-Fri 8:30 AM - 5:30 PM'. */
  weekly_hours: z.array(z.object({ days: z.string(), hours: z.string() })),
  page: z.string(),
});

const ListLocationsOutput = z.object({
  dealer: DealerSchema,
  /** When open_now was worked out (UTC). */
  as_of: z.string(),
  locations: z.array(LocationSchema),
  locations_page: z.string(),
});

export const LIST_LOCATIONS = {
  name: 'list_locations',
  config: {
    title: "The dealer's locations and opening hours",
    description: [
      "This dealer's locations as its locations page shows them: address, phone, this week's opening hours, and whether each is open now on its own clock.",
      DEALER_TEXT_IS_DATA,
    ].join(' '),
    inputSchema: ListLocationsInput,
    outputSchema: ListLocationsOutput,
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
};

interface LocationRow {
  id: number;
  dealership_id: number;
  name: string;
  slug: string;
  location_type: string;
  street: string;
  city: string;
  state: string;
  postcode: string;
  phone: string | null;
  time_zone: string;
}

export async function listLocations(
  site: McpSite,
  input: z.infer<typeof ListLocationsInput>,
  deps: { db: DataSource },
  now = new Date(),
) {
  const dealershipIds = [...site.dealerships.keys()];
  // Only what the locations page lists: visible locations of the site's live dealerships.
  const rows = (await deps.db.query(
    `SELECT id, dealership_id, name, slug, location_type, street, city, state, postcode, phone, time_zone
     FROM locations WHERE dealership_id = ANY($1::int[]) AND visible ORDER BY "primary" DESC, name, id`,
    [dealershipIds],
  )) as LocationRow[];
  const ids = rows.map((row) => row.id);
  const [hours, special] = await Promise.all([
    deps.db.query(
      `SELECT location_id, department, weekday, status, open, close FROM location_hours WHERE location_id = ANY($1::int[])`,
      [ids],
    ) as Promise<(SlotOpeningHours & { location_id: number; department: string })[]>,
    deps.db.query(
      `SELECT location_id, to_char(date, 'YYYY-MM-DD') AS date, status, start_hour, end_hour, department
       FROM location_special_hours WHERE location_id = ANY($1::int[]) AND date BETWEEN CURRENT_DATE - 1 AND CURRENT_DATE + 1`,
      [ids],
    ) as Promise<(SlotSpecialHours & { location_id: number })[]>,
  ]);
  const locations = rows
    .map((row) => ({ row, department: ownDepartment(row.location_type) }))
    .filter(({ department }) => !input.department || department === input.department)
    .map(({ row, department }) => {
      const week = hours.filter((h) => h.location_id === row.id && h.department === department);
      // The open-now rule reads a day's special hours as the sales desk's; here they are this location's own.
      const days = special
        .filter((s) => s.location_id === row.id && (s.department === department || s.department === 'all'))
        .map((s) => ({ ...s, department: s.department === 'all' ? ('all' as const) : ('sales' as const) }));
      const state = openNow(now, row.time_zone, week, days);
      const dealership = site.dealerships.get(row.dealership_id);
      return {
        name: row.name,
        reference: row.slug,
        dealership: dealership?.name ?? null,
        department,
        address: { street: row.street, city: row.city, state: row.state, postcode: row.postcode },
        phone: row.phone || null,
        time_zone: row.time_zone,
        open_now: state.open,
        today: state.today,
        weekly_hours: groupOpeningHours(week).map((line) => ({ days: line.label, hours: line.hours })),
        page: site.page(dealership ? `/locations/${dealership.slug}` : '/locations'),
      };
    });
  return answer({
    dealer: site.dealer,
    as_of: now.toISOString(),
    locations,
    locations_page: site.page('/locations'),
  });
}
