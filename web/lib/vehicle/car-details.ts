import { CAR_TYPE_URL_SLUGS, slugify, type Car, type SiteConfig } from '@platform/domain';

/** What the vehicle page prints about a car: spec rows, breadcrumbs and structured data. */

export interface SpecRow {
  label: string;
  value: string;
}

const whole = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });
const km = (value: number) => `${whole.format(value)} km`;
const text = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  const s = String(value).trim();
  return s === '' ? null : s;
};
const row = (label: string, value: unknown, format?: (v: number) => string): SpecRow | null => {
  if (typeof value === 'number' && format) return { label, value: format(value) };
  const t = text(value);
  return t === null ? null : { label, value: t };
};
const rows = (list: (SpecRow | null)[]): SpecRow[] => list.filter((r): r is SpecRow => r !== null);

type DetailCar = Pick<
  Car,
  | 'km'
  | 'simple_transmission'
  | 'trans'
  | 'simple_fuel'
  | 'fuel'
  | 'body'
  | 'simple_body'
  | 'drive'
  | 'simple_drive'
  | 'colour'
  | 'interior_colour'
  | 'seats'
  | 'doors'
  | 'engine_size'
  | 'gearnum'
  | 'variant'
  | 'caravan_specifications'
  | 'stocknum'
  | 'vin'
  | 'regplate'
  | 'rego_expiry'
  | 'build_date'
  | 'compliance_date'
  | 'year'
  | 'make'
  | 'model'
  | 'badge'
  | 'series'
  | 'car_type'
>;

/** The 'Key information' grid: odometer, transmission, fuel and body first (4 shown: spec 000 §9). */
export function keySpecs(car: DetailCar): SpecRow[] {
  return rows([
    row('Odometer', car.km, km),
    row('Transmission', car.simple_transmission ?? car.trans),
    row('Fuel', car.simple_fuel ?? car.fuel),
    row('Body', car.body ?? car.simple_body),
    row('Drive', car.drive ?? car.simple_drive),
    row('Colour', car.colour),
  ]);
}

/** 'All Specifications': every specification the feed gave, in a fixed order. */
export function allSpecs(car: DetailCar): SpecRow[] {
  const v = car.variant ?? {};
  return rows([
    row('Year', car.year),
    row('Make', car.make),
    row('Model', car.model),
    row('Badge', car.badge),
    row('Series', car.series),
    row('Body', car.body ?? car.simple_body),
    row('Body configuration', v.bodyconfiguration),
    row('Odometer', car.km, km),
    row('Transmission', car.trans ?? car.simple_transmission),
    row('Gears', car.gearnum),
    row('Gear type', v.geartype),
    row('Drive', car.drive ?? car.simple_drive),
    row('Fuel', car.fuel ?? car.simple_fuel),
    row('Engine size', v.enginesize_litres ?? car.engine_size, (l) => `${l} L`),
    row('Cylinders', v.cylinders),
    row('Induction', v.induction),
    row('Torque', v.torque, (n) => `${whole.format(n)} Nm`),
    row('Fuel consumption (combined)', v.fuelconsumptioncombined, (n) => `${n} L/100km`),
    row('Fuel capacity', v.fuelcapacity, (n) => `${n} L`),
    row('Seats', car.seats),
    row('Doors', car.doors),
    row('Exterior colour', car.colour),
    row('Interior colour', car.interior_colour),
    row('Towing capacity (braked)', v.towingcapacitybraked, (n) => `${whole.format(n)} kg`),
    row('Gross vehicle mass', v.grossvehiclemass, (n) => `${whole.format(n)} kg`),
    row('Length', v.vehiclelength, (n) => `${whole.format(n)} mm`),
    row('Width', v.vehiclewidth, (n) => `${whole.format(n)} mm`),
    row('Height', v.vehicleheight, (n) => `${whole.format(n)} mm`),
    row('ANCAP rating', v.ancaprating, (n) => `${n} stars`),
  ]);
}

/** Caravan specifications, where present (spec 000 §3). */
export function caravanSpecs(car: DetailCar): SpecRow[] {
  const c = car.caravan_specifications;
  if (!c) return [];
  return rows([
    row('Body width', c.body_width),
    row('Body length', c.body_length),
    row('Tare weight', c.tare_weight, (n) => `${whole.format(n)} kg`),
    row('Aggregate trailer mass', c.aggregate_trailer_mass, (n) => `${whole.format(n)} kg`),
    row('Axle type', c.axle_type),
    row('Sleeps', c.sleeps),
  ]);
}

/** The Vehicle Details card: the identifiers a buyer checks. */
export function vehicleDetails(
  car: DetailCar,
  extra: { location?: string | null; dealerLicence?: string | null },
): SpecRow[] {
  return rows([
    row('Stock number', car.stocknum),
    row('VIN', car.vin),
    row('Registration', car.regplate),
    row('Registration expiry', car.rego_expiry),
    row('Build date', car.build_date),
    row('Compliance date', car.compliance_date),
    row('Location', extra.location),
    row('Dealer licence', extra.dealerLicence ? `DL# ${extra.dealerLicence}` : null),
  ]);
}

export interface Crumb {
  label: string;
  href: string;
}

/** Spec 001 screen 10: Home, car type, make, model, then the car. */
export function carBreadcrumbs(
  car: Pick<Car, 'car_type' | 'make' | 'model'> & { name: string; slug: string },
  usedLabel: SiteConfig['wording']['used_label'],
): Crumb[] {
  const typeLabel = car.car_type === 'used' ? usedLabel : car.car_type === 'new' ? 'New' : 'Demo';
  const make = slugify(car.make);
  return [
    { label: 'Home', href: '/' },
    { label: `${typeLabel} Cars`, href: `/search/${CAR_TYPE_URL_SLUGS[car.car_type]}` },
    { label: car.make, href: `/search/${make}` },
    { label: car.model, href: `/search/${make}/${slugify(car.model)}` },
    { label: car.name, href: `/cars/${car.slug}` },
  ];
}

/** The page's meta description: the car, its price and where it is. */
export function metaDescription(
  car: Pick<Car, 'km' | 'simple_transmission' | 'simple_fuel'> & { name: string },
  priceText: string,
  dealership: string,
  city: string | null,
): string {
  const facts = [car.km != null ? km(car.km) : null, car.simple_transmission, car.simple_fuel]
    .filter(Boolean)
    .join(', ');
  return `${car.name}${facts ? ` (${facts})` : ''} for ${priceText} at ${dealership}${city ? `, ${city}` : ''}.`;
}

export interface StructuredDataInput {
  car: DetailCar & { name: string; price?: number | null; status: Car['status'] };
  url: string;
  images: string[];
  priceAmount: number | null;
  dealer: {
    name: string;
    phone: string | null;
    street?: string | null;
    city?: string | null;
    state?: string | null;
    postcode?: string | null;
  };
}

/** schema.org Car (JSON-LD) with price, mileage, VIN, images and the dealer. */
export function carStructuredData({
  car,
  url,
  images,
  priceAmount,
  dealer,
}: StructuredDataInput): Record<string, unknown> {
  const address =
    dealer.street || dealer.city
      ? {
          '@type': 'PostalAddress',
          streetAddress: dealer.street ?? undefined,
          addressLocality: dealer.city ?? undefined,
          addressRegion: dealer.state ?? undefined,
          postalCode: dealer.postcode ?? undefined,
          addressCountry: 'AU',
        }
      : undefined;
  const seller = { '@type': 'AutoDealer', name: dealer.name, telephone: dealer.phone ?? undefined, address };
  return {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name: car.name,
    url,
    image: images,
    brand: { '@type': 'Brand', name: car.make },
    model: car.model,
    vehicleModelDate: String(car.year),
    vehicleIdentificationNumber: car.vin ?? undefined,
    mileageFromOdometer: car.km != null ? { '@type': 'QuantitativeValue', value: car.km, unitCode: 'KMT' } : undefined,
    color: car.colour ?? undefined,
    bodyType: car.body ?? car.simple_body ?? undefined,
    fuelType: car.simple_fuel ?? undefined,
    vehicleTransmission: car.simple_transmission ?? undefined,
    itemCondition: car.car_type === 'new' ? 'https://schema.org/NewCondition' : 'https://schema.org/UsedCondition',
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'AUD',
      price: priceAmount ?? undefined,
      availability:
        car.status === 'in_stock'
          ? 'https://schema.org/InStock'
          : car.status === 'coming_soon'
            ? 'https://schema.org/PreOrder'
            : 'https://schema.org/SoldOut',
      seller,
    },
  };
}

/** JSON for a <script type="application/ld+json">: '<' escaped so dealer text can never close the script. */
export function jsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
