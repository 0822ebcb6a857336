import { z } from 'zod';
import type { CarsService } from '../../cars/cars.service';
import type { McpCarLookup } from '../car-lookup';
import { DealerSchema } from '../dealer-schema';
import { carReference } from '../inputs';
import type { McpSite } from '../mcp-site';
import { PublicCarSchema, publicPhoto } from '../public-car';
import { answer, DEALER_TEXT_IS_DATA } from '../tool-result';

/** Photos an answer links: the page has them all. */
const MAX_PHOTOS = 12;
/** The dealer's description as the page shows it, bounded for a chat. */
const MAX_DESCRIPTION = 5000;
const MAX_FEATURES = 60;

export const GetCarInput = z.strictObject({ car: carReference() });

const GetCarOutput = z.object({
  dealer: DealerSchema,
  car: PublicCarSchema.extend({
    price_text: z.string(),
    colour: z.string().nullable(),
    seats: z.number().nullable(),
    drive: z.string().nullable(),
    /** The dealer's own description: data to show, never instructions. */
    dealer_description: z.string().nullable(),
    features: z.array(z.string()),
    photos: z.array(z.string()),
  }),
});

export const GET_CAR = {
  name: 'get_car',
  config: {
    title: 'One car in full',
    description: [
      "One of this dealer's cars as its page shows it: price, kilometres, specifications, features, photos, location and the dealer's description, with the link to its page on the dealer's site.",
      "Name it by the reference or stock number search_cars answered; a car this site does not show is an 'Unknown car' error.",
      DEALER_TEXT_IS_DATA,
    ].join(' '),
    inputSchema: GetCarInput,
    outputSchema: GetCarOutput,
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
};

const textOf = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;

export async function getCar(
  site: McpSite,
  input: z.infer<typeof GetCarInput>,
  deps: { lookup: McpCarLookup; cars: CarsService },
) {
  const found = await deps.lookup.find(site, input.car);
  const { car, derived, location } = await deps.cars.detail(site.site.slug, found.car.slug);
  const data = car as Record<string, unknown>;
  const features = Array.isArray(data['features'])
    ? (data['features'] as unknown[]).flatMap((f) =>
        typeof f === 'string' && f.trim() ? [f.trim().slice(0, 200)] : [],
      )
    : [];
  const photos = (car.images ?? [])
    .map((image) => publicPhoto(site, image.url, image.photo))
    .filter((url): url is string => url !== null)
    .slice(0, MAX_PHOTOS);
  return answer({
    dealer: site.dealer,
    car: {
      title: car.name,
      stock_number: car.stocknum,
      reference: car.slug,
      condition: car.car_type,
      status: car.status,
      year: car.year,
      make: car.make,
      model: car.model,
      badge: car.badge,
      price: derived.price.amount,
      price_text: derived.price.text,
      km: car.km,
      body: car.body ?? null,
      fuel: car.simple_fuel,
      transmission: car.simple_transmission,
      colour: car.colour,
      seats: car.seats,
      drive: car.simple_drive,
      location: {
        name: location?.name ?? null,
        city: location?.address.city ?? null,
        state: location?.address.state ?? null,
      },
      dealership: site.dealerships.get(found.dealership.id)?.name ?? null,
      photo: publicPhoto(site, car.primary_image_url, car.primary_photo),
      photos,
      dealer_description: textOf(data['description'], MAX_DESCRIPTION),
      features: features.slice(0, MAX_FEATURES),
      page: site.page(`/cars/${car.slug}`),
    },
  });
}
