import { carSlug, resolveSiteConfig } from '@platform/domain';
import {
  DEFAULT_DEMO_SEED,
  DEMO_CATALOGUE,
  USED_MAKE_WEIGHTS,
  VEHICLE_MODELS,
  VIN_PREFIX,
  resolveAddress,
} from './data';
import type {
  CarType,
  DemoBodyType,
  DemoCatalogue,
  LocationType,
  ModelSpec,
  SimpleDrive,
  SimpleFuel,
  SimpleTransmission,
} from './data';
import {
  COLOURS,
  COMMENT_CLOSERS,
  COMMENT_DETAILS,
  COMMENT_OPENERS,
  CUSTOM_TAGS,
  FEATURES_BY_BODY,
  HOTSPOT_NOTES,
  INTERIOR_COLOURS,
  STANDARD_EQUIPMENT,
} from './data/text';
import { Rng, hashString } from './random';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Demo images per body type: /media/demo/{body}-{n}.svg with n from 1 to this. */
export const DEMO_IMAGES_PER_BODY = 6;
/** The interior view of spun demo cars, below the media directory. */
export const DEMO_INTERIOR_IMAGE = 'demo/interior-1.svg';
/** Frames of a 360 spin. */
export const SPIN_FRAMES = 24;

/** What the generator needs to know about one dealership. */
export interface StockPlan {
  dealership_slug: string;
  count: number;
  prefix: string;
  /** Makes sold new and demo (car make strings, e.g. 'Isuzu'). */
  makes: string[];
  car_types: CarType[];
  mix: Record<CarType, number>;
  include_sold_cars_days: number;
  /** Finance provider of the merged configuration ('none': no lender entries). */
  finance_provider: string;
  state: string;
  /** Locations that hold stock (sales, used or untyped). */
  locations: { slug: string; primary: boolean; used: boolean; makes: string[] }[];
}

/** A generated car: the cars row without ids, addressed by dealership and location slug. */
export interface SeedCar {
  dealership_slug: string;
  location_slug: string;
  stocknum: string;
  slug: string;
  car_type: CarType;
  status: 'in_stock' | 'coming_soon' | 'sold';
  make: string;
  model: string;
  badge: string | null;
  year: number;
  price: number | null;
  before_price: number | null;
  subscription_price: number | null;
  km: number | null;
  simple_body: DemoBodyType;
  simple_fuel: SimpleFuel;
  simple_transmission: SimpleTransmission;
  simple_drive: SimpleDrive;
  colour: string;
  seats: number;
  tag: string | null;
  certified: boolean;
  reserved: boolean;
  show_on_dealer_website: boolean;
  sold_date: Date | null;
  /** sold_date + the dealership's include_sold_cars_days. */
  listed_until: Date | null;
  custom_rank: number;
  views: number;
  created_at: Date;
  /** Every other Car field of spec 000 §3. */
  data: Record<string, unknown>;
}

export interface GenerateCarsOptions {
  /** The clock the stock is generated against (sold dates, listing windows, created_at). */
  now: Date;
  seed?: number;
  /** Dealership plans; the demo catalogue's by default. */
  plans?: StockPlan[];
}

const DEFAULT_MIX: Record<CarType, number> = { new: 0.55, demo: 0.12, used: 0.33 };

const isUsedLocation = (type: LocationType, subtype: string | null | undefined): boolean =>
  type === 'used' || (subtype ?? '').toLowerCase().includes('pre-owned sales');

/**
 * One plan per dealership of a catalogue. Car types and the finance provider come from the merged
 * configuration (template <- site <- dealership), so a site that sells used cars only never gets new or demo stock.
 */
export function stockPlansFromCatalogue(catalogue: DemoCatalogue = DEMO_CATALOGUE): StockPlan[] {
  const makeOf = new Map(catalogue.manufacturers.map((m) => [m.slug, m.make]));
  const toMake = (slug: string): string => {
    const make = makeOf.get(slug);
    if (!make) throw new Error(`Unknown manufacturer '${slug}'`);
    return make;
  };
  const templates = new Map(catalogue.templates.map((t) => [t.name, t]));
  return catalogue.sites.flatMap((site) =>
    site.dealerships.map((dealership): StockPlan => {
      const config = resolveSiteConfig({
        template: templates.get(site.template)?.config,
        site: site.config,
        dealership: dealership.config,
      });
      const car_types = config.search.car_types.filter((t) => t === 'used' || dealership.brands.length > 0);
      const mix = { ...DEFAULT_MIX, ...dealership.stock.mix };
      const stockLocations = dealership.locations.filter(
        (l) => l.location_type === '' || l.location_type === 'sales' || l.location_type === 'used',
      );
      const primary = dealership.locations.find((l) => l.primary) ?? dealership.locations[0];
      return {
        dealership_slug: dealership.slug,
        count: dealership.stock.count,
        prefix: dealership.stock.prefix,
        makes: dealership.brands.map(toMake),
        car_types: car_types.length ? car_types : ['used'],
        mix,
        include_sold_cars_days: dealership.include_sold_cars_days,
        finance_provider: config.finance.provider,
        state: resolveAddress(primary.address).state,
        locations: stockLocations.map((l) => ({
          slug: l.slug,
          primary: l.primary ?? false,
          used: isUsedLocation(l.location_type, l.location_subtype),
          makes: l.manufacturers.map(toMake),
        })),
      };
    }),
  );
}

/** Prices end in 990 like a dealer's: 34,990. */
const dealerPrice = (value: number): number => Math.max(990, Math.round(value / 1000) * 1000 - 10);
const roundTo = (value: number, step: number): number => Math.round(value / step) * step;

const FUEL_LABEL: Record<SimpleFuel, string> = {
  Petrol: 'Unleaded Petrol',
  Diesel: 'Diesel',
  Hybrid: 'Hybrid Petrol/Electric',
  Electric: 'Electric',
};
const DRIVE_LABEL: Record<SimpleDrive, string> = {
  '4x4': 'Four Wheel Drive',
  '4x2': 'Rear Wheel Drive',
  AWD: 'All Wheel Drive',
  FWD: 'Front Wheel Drive',
  RWD: 'Rear Wheel Drive',
};
const FINANCE_RATES: Record<string, [number, number]> = {
  taurus: [8.99, 14.99],
  angle: [7.5, 14.5],
  '360_finance': [6.29, 15.99],
  ausloans: [7.99, 16.99],
  powertorque: [7.49, 14.49],
  nissan_finance: [5.99, 12.99],
  manual: [8.5, 14.5],
};
const ESTABLISHMENT_FEES: Record<string, number> = { taurus: 395, angle: 1300, '360_finance': 1360.5 };
const VIN_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const PLATE_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const DIGITS = '0123456789';
const VIDEO_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

function regplateFor(rng: Rng, state: string): string {
  switch (state) {
    case 'NSW':
      return rng.chars(PLATE_LETTERS, 3) + rng.chars(DIGITS, 2) + rng.chars(PLATE_LETTERS, 1);
    case 'VIC':
      return rng.chars(DIGITS, 1) + rng.chars(PLATE_LETTERS, 2) + rng.chars(DIGITS, 1) + rng.chars(PLATE_LETTERS, 2);
    case 'QLD':
      return rng.chars(DIGITS, 3) + rng.chars(PLATE_LETTERS, 3);
    default:
      return rng.chars(PLATE_LETTERS, 3) + rng.chars(DIGITS, 3);
  }
}

/** Amortised repayment with a balloon, rounded up to the next whole dollar. */
function repayment(
  principal: number,
  balloon: number,
  annualRate: number,
  periodsPerYear: number,
  years: number,
): number {
  const r = annualRate / 100 / periodsPerYear;
  const n = periodsPerYear * years;
  const payment = ((principal - balloon / (1 + r) ** n) * r) / (1 - (1 + r) ** -n);
  return Math.ceil(payment);
}

function financeLenders(rng: Rng, provider: string, price: number): Record<string, unknown> {
  const [low, high] = FINANCE_RATES[provider] ?? [9.95, 15.99];
  const interestRate = Math.round(rng.range(low, high) * 100) / 100;
  const comparisonRate = Math.round((interestRate + rng.range(0.25, 1.4)) * 100) / 100;
  const establishmentFees = ESTABLISHMENT_FEES[provider] ?? 0;
  const deposit = Math.round(price * 0.1);
  const balloon = Math.round(price * 0.3);
  const financed = price - deposit + establishmentFees;
  const paymentWeek = repayment(financed, balloon, interestRate, 52, 5);
  const paymentMonth = repayment(financed, balloon, interestRate, 12, 5);
  return {
    [provider]: {
      interestRate,
      comparisonRate,
      paymentWeek,
      paymentMonth,
      deposit,
      termYears: 5,
      term36: repayment(financed, balloon, interestRate, 12, 3),
      term48: repayment(financed, balloon, interestRate, 12, 4),
      term60: paymentMonth,
      balloon,
      establishmentFees,
      totalPayable: paymentMonth * 60 + balloon + deposit,
      financeProvider: provider,
      termMonths: 60,
      termWeeks: 260,
      disclaimer:
        `Weekly repayment of $${paymentWeek} is based on a 5 year term, 10.0% deposit and 30.0% final payment ` +
        `at ${interestRate.toFixed(2)}% p.a. (comparison rate ${comparisonRate.toFixed(2)}% p.a.). ` +
        'Comparison rate based on a secured loan of $30,000 over 5 years. WARNING: This comparison rate is true only for the example given ' +
        'and may not include all fees and charges. Finance is subject to credit approval; fees, terms and conditions apply.',
    },
  };
}

function dealerComments(rng: Rng, name: string): string {
  if (rng.chance(0.12)) return '';
  const details = rng.sample(COMMENT_DETAILS, rng.int(1, rng.chance(0.3) ? 6 : 3));
  return [`${rng.pick(COMMENT_OPENERS)} This ${name} is on offer now.`, ...details, rng.pick(COMMENT_CLOSERS)].join(
    ' ',
  );
}

function usedModelFor(rng: Rng, plan: StockPlan, year: number): ModelSpec {
  const ownBrand = plan.makes.length > 0 && rng.chance(0.5);
  const candidates = VEHICLE_MODELS.filter(
    (model) =>
      model.since <= year && (ownBrand ? plan.makes.includes(model.make) : (USED_MAKE_WEIGHTS[model.make] ?? 0) > 0),
  );
  const pool = candidates.length ? candidates : VEHICLE_MODELS.filter((model) => model.since <= year);
  const make = rng.weighted([...new Set(pool.map((m) => m.make))], (mk) => (ownBrand ? 1 : USED_MAKE_WEIGHTS[mk]));
  return rng.weighted(
    pool.filter((m) => m.make === make),
    (m) => m.weight,
  );
}

function generateForDealership(plan: StockPlan, seed: number, now: Date): SeedCar[] {
  const rng = new Rng((seed ^ hashString(plan.dealership_slug)) >>> 0);
  const nowMs = now.getTime();
  const currentYear = now.getUTCFullYear();
  const types = plan.car_types;
  const cars: SeedCar[] = [];

  for (let i = 0; i < plan.count; i++) {
    const car_type = rng.weighted(types, (t) => plan.mix[t] ?? 0);

    // Model and year.
    let year: number;
    let model: ModelSpec;
    if (car_type === 'used') {
      const minYear = 2008;
      year = currentYear - Math.floor(rng.float() ** 1.6 * (currentYear - minYear + 1));
      model = usedModelFor(rng, plan, year);
    } else {
      year = rng.chance(0.8) ? currentYear : currentYear - 1;
      const make = rng.pick(plan.makes);
      const pool = VEHICLE_MODELS.filter((m) => m.make === make && m.since <= year);
      model = rng.weighted(pool.length ? pool : VEHICLE_MODELS.filter((m) => m.make === make), (m) => m.weight);
      year = Math.max(year, model.since);
    }
    const [badge, listPrice] = rng.pick(model.badges);
    const age = Math.max(0, currentYear - year);
    const simple_fuel = rng.preferFirst(model.fuels);
    const simple_transmission = rng.preferFirst(model.transmissions, 0.8);
    const simple_drive = rng.preferFirst(model.drives);
    const electric = simple_fuel === 'Electric';

    // Kilometres.
    let km: number;
    if (car_type === 'new') km = rng.int(0, 25);
    else if (car_type === 'demo') km = rng.int(500, 9000);
    else km = Math.max(1500, Math.round(age * rng.range(8000, 22000) + rng.int(0, 9000)));

    // Status and its dates.
    const roll = rng.float();
    const status: SeedCar['status'] = roll < 0.8 ? 'in_stock' : roll < 0.87 ? 'coming_soon' : 'sold';
    const days = plan.include_sold_cars_days;
    let sold_date: Date | null = null;
    let listed_until: Date | null = null;
    if (status === 'sold') {
      const withinCutoff = days > 0 && rng.chance(0.5);
      const soldMs = withinCutoff
        ? nowMs - Math.floor(rng.float() * (days * DAY_MS - HOUR_MS)) // listed_until still ahead of now
        : nowMs - days * DAY_MS - HOUR_MS - Math.floor(rng.float() * 60 * DAY_MS);
      sold_date = new Date(soldMs);
      listed_until = new Date(soldMs + days * DAY_MS);
    }
    const createdMs =
      sold_date !== null
        ? sold_date.getTime() - rng.int(3, 120) * DAY_MS - rng.int(0, 23) * HOUR_MS
        : nowMs - Math.floor(rng.float() ** 2 * 240 * DAY_MS) - HOUR_MS;

    // Price.
    let value: number;
    if (car_type === 'new') value = listPrice * rng.range(0.97, 1.02);
    else if (car_type === 'demo') value = listPrice * rng.range(0.86, 0.95);
    else value = listPrice * model.depreciation ** age * rng.range(0.85, 1.12) * (km > 150_000 ? 0.85 : 1);
    const fairPrice = dealerPrice(value);
    let price: number | null = fairPrice;
    let preorder = false;
    if (status === 'coming_soon' && car_type === 'new' && rng.chance(0.3)) {
      price = null;
      preorder = true;
    } else {
      const missing = rng.float();
      if (missing < 0.025) price = 0;
      else if (missing < 0.05) price = null;
    }
    const priced = price !== null && price > 0;
    const before_price = priced && rng.chance(0.12) ? (price as number) + roundTo(rng.range(1000, 5000), 500) : null;
    const subscription_price =
      priced && car_type !== 'used' && rng.chance(0.1) ? Math.round((price as number) * 0.0058) : null;
    const offer_price =
      priced && car_type === 'new' && rng.chance(0.05) ? (price as number) - roundTo(rng.range(500, 2500), 500) : null;

    // Tag and flags.
    let tag: string | null = null;
    if (status === 'sold') tag = 'SOLD';
    else if (car_type !== 'used' && status === 'in_stock' && rng.chance(0.05)) tag = 'Test Drive Only';
    else if (rng.chance(0.07)) tag = rng.pick(CUSTOM_TAGS[car_type]);
    if (tag === 'Low Kms' && km > 60_000) tag = 'One Owner';
    const reserved = status === 'in_stock' && tag !== 'Test Drive Only' && rng.chance(0.03);
    const certified = car_type === 'used' && age <= 7 && rng.chance(0.35);
    const show_on_dealer_website = rng.chance(0.98);

    // Where it is.
    const sellers = plan.locations.filter((l) => l.makes.length === 0 || l.makes.includes(model.make));
    const usedYards = plan.locations.filter((l) => l.used);
    const candidates = car_type === 'used' && usedYards.length ? usedYards : sellers.length ? sellers : plan.locations;
    const location = rng.weighted(candidates, (l) => (l.primary ? 2 : 1));

    // Identity.
    const stocknum = `${plan.prefix}${10000 + i * 3 + rng.int(0, 2)}`;
    const slug = carSlug({ year, make: model.make, model: model.model, badge, stocknum });
    const name = `${year} ${model.make} ${model.model} ${badge}`;
    const vin = (VIN_PREFIX[model.make] ?? '6T1') + rng.chars(VIN_ALPHABET, 14);
    const nvic =
      model.caravan || rng.chance(0.08)
        ? null
        : rng.chars(VIN_ALPHABET.replace(/[0-9]/g, ''), 3) + rng.chars(DIGITS, 2) + rng.chars(VIN_ALPHABET, 1);
    const buildYear = car_type === 'new' || !rng.chance(0.3) ? year : year - 1;
    const buildMonth = String(rng.int(1, 12)).padStart(2, '0');
    const registered = car_type !== 'new';

    // Media.
    const body = model.body;
    const photos = status === 'coming_soon' ? rng.int(1, 3) : rng.int(1, 12);
    const firstImage = rng.int(1, DEMO_IMAGES_PER_BODY);
    const images = Array.from({ length: photos }, (_, k) => {
      const n = ((firstImage - 1 + k) % DEMO_IMAGES_PER_BODY) + 1;
      return { url: `/media/demo/${body}-${n}.svg`, thumb: { url: `/media/demo/${body}-${n}.svg?w=320` } };
    });
    const spin = status === 'in_stock' && photos >= 4 && rng.chance(0.12);
    const spin_images = spin
      ? Array.from(
          { length: SPIN_FRAMES },
          (_, k) => `/media/demo/${body}-${firstImage}.svg?angle=${k * (360 / SPIN_FRAMES)}`,
        )
      : null;
    const hotspots =
      spin && rng.chance(0.5)
        ? {
            exterior: rng.sample(HOTSPOT_NOTES, rng.int(1, 3)).map((description, k) => ({
              id: k + 1,
              description,
              positions: [0, 90, 180].map((activeAngle) => ({
                activeAngle,
                posX: rng.int(15, 85),
                posY: rng.int(25, 80),
              })),
            })),
            interior: [],
          }
        : null;
    const video_url = rng.chance(0.08) ? `https://www.youtube.com/embed/${rng.chars(VIDEO_ID_ALPHABET, 11)}` : null;
    const file =
      car_type === 'used' && rng.chance(0.15) ? `https://reports.example.com/vehicle-history/${vin}.pdf` : null;

    // Specifications.
    const engine = model.engine;
    const variant = {
      cylinders: model.cylinders,
      enginesize: engine === null ? null : Math.round(engine * 1000 - rng.int(0, 40)),
      enginesize_litres: engine,
      induction: model.induction,
      fuelconsumptioncombined: electric
        ? null
        : Math.round(
            (simple_fuel === 'Hybrid'
              ? rng.range(3.9, 5.6)
              : simple_fuel === 'Diesel'
                ? rng.range(6.8, 9.6)
                : rng.range(5.6, 10.5)) *
              (body === 'motorhome' ? 1.4 : 1) *
              10,
          ) / 10,
      fuelcapacity: electric
        ? null
        : body === 'ute' || body === 'cabChassis' || body === 'motorhome'
          ? 80
          : rng.pick([45, 50, 55, 60, 65]),
      grossvehiclemass: model.gvm,
      vehiclelength: model.dims[0],
      vehiclewidth: model.dims[1],
      vehicleheight: model.dims[2],
      towingcapacitybraked: model.towing || null,
      torque: electric ? rng.int(250, 600) : Math.round((engine ?? 2) * rng.range(110, 190)),
      ancaprating: body === 'motorhome' ? null : year >= 2018 ? 5 : rng.pick([4, 5]),
      bodyconfiguration: model.bodyconfiguration,
      geartype: electric ? 'Reduction Gear' : simple_transmission,
    };
    const trans = electric
      ? '1 Speed Reduction Gear'
      : simple_transmission === 'Manual'
        ? `${model.gears} Speed Manual`
        : model.gears === 1
          ? 'Continuous Variable'
          : `${model.gears} Speed Automatic`;
    const seats = model.seats;

    // Market data and finance.
    const autograb_data =
      car_type === 'used' && rng.chance(0.85)
        ? (() => {
            const state = roundTo(fairPrice * rng.range(0.93, 1.12), 100);
            return {
              state_average_market_price: state,
              average_market_price: roundTo(state * rng.range(0.97, 1.03), 100),
            };
          })()
        : null;
    const finance_lenders =
      plan.finance_provider !== 'none' && priced && (price as number) > 500 && status !== 'sold' && rng.chance(0.45)
        ? financeLenders(rng, plan.finance_provider, price as number)
        : null;

    const data: Record<string, unknown> = {
      name,
      series: `MY${String(year % 100).padStart(2, '0')}`,
      vin,
      nvic,
      has_nvic: nvic !== null,
      regplate: registered ? regplateFor(rng, plan.state) : null,
      rego_expiry:
        registered && status !== 'sold' ? new Date(nowMs + rng.int(20, 365) * DAY_MS).toISOString().slice(0, 10) : null,
      build_date: `${buildYear}-${buildMonth}`,
      compliance_date: `${buildYear}-${String(Math.min(12, Number(buildMonth) + 1)).padStart(2, '0')}`,
      body: model.body_label,
      trans,
      fuel: FUEL_LABEL[simple_fuel],
      drive: DRIVE_LABEL[simple_drive],
      doors: model.doors,
      engine_size: engine,
      gearnum: model.gears,
      bodyconfiguration: model.bodyconfiguration,
      interior_colour: rng.pick(INTERIOR_COLOURS),
      sold: status === 'sold',
      price_type: rng.chance(0.9) ? 'DAP' : 'EGC',
      offer_price,
      preorder,
      photos_count: images.length,
      images,
      thumbnails: images.map((image) => image.thumb.url),
      primary_image_url: images[0]?.url ?? null,
      video_url,
      spin_images,
      // Half the spun cars have an interior view; decided without a draw so the rest of the data stays as it was.
      spin_interior_image: spin && firstImage % 2 === 0 ? `/media/${DEMO_INTERIOR_IMAGE}` : null,
      spin_code: spin ? `spin-${stocknum.toLowerCase()}` : null,
      hotspots,
      file,
      standardEquipment: rng.sample(STANDARD_EQUIPMENT, rng.int(8, 20)),
      features: rng.sample(FEATURES_BY_BODY[body], rng.int(2, FEATURES_BY_BODY[body].length)),
      dealercomments: dealerComments(rng, name),
      variant,
      caravan_specifications: model.caravan ? { ...model.caravan } : null,
      finance_lenders,
      autograb_data,
    };

    cars.push({
      dealership_slug: plan.dealership_slug,
      location_slug: location.slug,
      stocknum,
      slug,
      car_type,
      status,
      make: model.make,
      model: model.model,
      badge,
      year,
      price,
      before_price,
      subscription_price,
      km,
      simple_body: body,
      simple_fuel,
      simple_transmission,
      simple_drive,
      colour: rng.weighted(COLOURS, ([, weight]) => weight)[0],
      seats,
      tag,
      certified,
      reserved,
      show_on_dealer_website,
      sold_date,
      listed_until,
      custom_rank: rng.int(0, 1000),
      views: Math.floor(rng.float() ** 3 * 3000),
      created_at: new Date(createdMs),
      data,
    });
  }
  return cars;
}

/**
 * Deterministic demo stock: the same seed, plans and `now` always give the same cars. Each
 * dealership draws from its own sub-seed, so one dealership's plan never shifts another's cars.
 */
export function generateCars({
  now,
  seed = DEFAULT_DEMO_SEED,
  plans = stockPlansFromCatalogue(),
}: GenerateCarsOptions): SeedCar[] {
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new Error('generateCars needs a valid `now` date');
  const prefixes = new Set<string>();
  for (const plan of plans) {
    if (prefixes.has(plan.prefix)) throw new Error(`Stock prefix '${plan.prefix}' is used by two dealerships`);
    prefixes.add(plan.prefix);
    if (plan.locations.length === 0)
      throw new Error(`Dealership '${plan.dealership_slug}' has no location that holds stock`);
    if (plan.car_types.some((t) => t !== 'used') && plan.makes.length === 0)
      throw new Error(`Dealership '${plan.dealership_slug}' sells new cars but has no brand`);
  }
  return plans.flatMap((plan) => generateForDealership(plan, seed >>> 0, now));
}

/** A generated car in the shape of the domain's Car (spec 000 §3), for validation and fixtures. */
export function toCarDocument(car: SeedCar, id: number): Record<string, unknown> {
  const {
    data,
    dealership_slug,
    location_slug: _location,
    sold_date,
    listed_until: _listed,
    created_at,
    ...columns
  } = car;
  return {
    ...data,
    ...columns,
    id,
    dealership_slug,
    created_at: created_at.toISOString(),
    sold_date_timestamp: sold_date ? Math.floor(sold_date.getTime() / 1000) : null,
  };
}
