import type { DemoBodyType } from './types';

export type SimpleFuel = 'Petrol' | 'Diesel' | 'Hybrid' | 'Electric';
export type SimpleTransmission = 'Automatic' | 'Manual';
export type SimpleDrive = '4x4' | '4x2' | 'AWD' | 'FWD' | 'RWD';

/** One model line: badges with their current new price (whole dollars, drive away). */
export interface ModelSpec {
  make: string;
  model: string;
  body: DemoBodyType;
  /** Body as a feed spells it ('Dual Cab Pick-up', 'Wagon'). */
  body_label: string;
  bodyconfiguration: string | null;
  badges: ReadonlyArray<readonly [badge: string, price: number]>;
  fuels: readonly SimpleFuel[];
  transmissions: readonly SimpleTransmission[];
  drives: readonly SimpleDrive[];
  seats: number;
  doors: number;
  /** Engine size in litres; null for electric. */
  engine: number | null;
  cylinders: number | null;
  induction: string | null;
  gears: number;
  /** First model year sold (used stock starts here). */
  since: number;
  /** Relative popularity within its make. */
  weight: number;
  /** Share of its value a used one keeps per year of age (0.86; four-wheel drives and motorhomes hold theirs better). */
  depreciation: number;
  towing: number;
  gvm: number;
  dims: readonly [length: number, width: number, height: number];
  /** Caravans and motorhomes carry caravan_specifications. */
  caravan?: {
    body_width: string;
    body_length: string;
    tare_weight: number;
    axle_type: string;
    sleeps: number;
    aggregate_trailer_mass: number;
  };
}

const BODY_DEFAULTS: Record<
  DemoBodyType,
  { label: string; dims: [number, number, number]; gvm: number; towing: number; seats: number; doors: number }
> = {
  suv: { label: 'Wagon', dims: [4600, 1860, 1690], gvm: 2400, towing: 1800, seats: 5, doors: 4 },
  ute: { label: 'Dual Cab Pick-up', dims: [5330, 1870, 1800], gvm: 3200, towing: 3500, seats: 5, doors: 4 },
  hatch: { label: 'Hatchback', dims: [4330, 1790, 1450], gvm: 1800, towing: 1200, seats: 5, doors: 5 },
  sedan: { label: 'Sedan', dims: [4700, 1830, 1450], gvm: 2000, towing: 1200, seats: 5, doors: 4 },
  wagon: { label: 'Wagon', dims: [4870, 1875, 1675], gvm: 2300, towing: 1800, seats: 5, doors: 4 },
  van: { label: 'Van', dims: [5265, 1950, 1990], gvm: 3200, towing: 2500, seats: 3, doors: 4 },
  cabChassis: { label: 'Cab Chassis', dims: [5260, 1860, 1790], gvm: 3500, towing: 3500, seats: 2, doors: 2 },
  peopleMover: { label: 'People Mover', dims: [5250, 2000, 1980], gvm: 3000, towing: 2500, seats: 8, doors: 4 },
  coupe: { label: 'Coupe', dims: [4300, 1780, 1310], gvm: 1700, towing: 0, seats: 4, doors: 2 },
  convertible: { label: 'Convertible', dims: [4000, 1740, 1240], gvm: 1400, towing: 0, seats: 2, doors: 2 },
  motorhome: { label: 'Motorhome', dims: [7400, 2450, 3200], gvm: 4490, towing: 2000, seats: 4, doors: 2 },
};

type Extra = Partial<Omit<ModelSpec, 'make' | 'model' | 'body' | 'badges'>>;

function m(make: string, model: string, body: DemoBodyType, badges: ModelSpec['badges'], extra: Extra = {}): ModelSpec {
  const d = BODY_DEFAULTS[body];
  const fuels = extra.fuels ?? ['Petrol'];
  const electric = fuels.length === 1 && fuels[0] === 'Electric';
  return {
    make,
    model,
    body,
    body_label: extra.body_label ?? d.label,
    bodyconfiguration: extra.bodyconfiguration ?? null,
    badges,
    fuels,
    transmissions: extra.transmissions ?? ['Automatic'],
    drives: extra.drives ?? ['FWD'],
    seats: extra.seats ?? d.seats,
    doors: extra.doors ?? d.doors,
    engine: electric ? null : (extra.engine ?? 2.0),
    cylinders: electric ? null : (extra.cylinders ?? 4),
    induction: electric ? null : (extra.induction ?? 'Aspirated'),
    gears: electric ? 1 : (extra.gears ?? 6),
    since: extra.since ?? 2008,
    weight: extra.weight ?? 1,
    depreciation: extra.depreciation ?? 0.86,
    towing: extra.towing ?? d.towing,
    gvm: extra.gvm ?? d.gvm,
    dims: extra.dims ?? d.dims,
    caravan: extra.caravan,
  };
}

const DUAL_CAB = {
  bodyconfiguration: 'Double Cab',
  fuels: ['Diesel'],
  drives: ['4x4', '4x2'],
  transmissions: ['Automatic', 'Manual'],
  engine: 2.8,
  induction: 'Turbo Intercooled',
  towing: 3500,
} as const satisfies Extra;

/** Models by make; the generator draws new and demo stock from the dealership's brands. */
export const VEHICLE_MODELS: readonly ModelSpec[] = [
  // Toyota
  m(
    'Toyota',
    'HiLux',
    'ute',
    [
      ['WorkMate', 38990],
      ['SR', 49990],
      ['SR5', 63990],
      ['Rogue', 73990],
      ['GR Sport', 79990],
    ],
    { ...DUAL_CAB, weight: 5, depreciation: 0.9 },
  ),
  m(
    'Toyota',
    'RAV4',
    'suv',
    [
      ['GX', 39990],
      ['GXL', 44990],
      ['XSE', 50990],
      ['Cruiser', 53990],
      ['Edge', 58990],
    ],
    { fuels: ['Hybrid', 'Petrol'], drives: ['FWD', 'AWD'], engine: 2.5, weight: 5, since: 2008 },
  ),
  m(
    'Toyota',
    'Corolla',
    'hatch',
    [
      ['Ascent Sport', 31990],
      ['SX', 35990],
      ['ZR', 40990],
    ],
    { fuels: ['Hybrid', 'Petrol'], engine: 1.8, weight: 3 },
  ),
  m(
    'Toyota',
    'Camry',
    'sedan',
    [
      ['Ascent', 39990],
      ['SL', 50990],
    ],
    { fuels: ['Hybrid'], engine: 2.5, weight: 2 },
  ),
  m(
    'Toyota',
    'LandCruiser 300',
    'suv',
    [
      ['GX', 96990],
      ['GXL', 109990],
      ['VX', 121990],
      ['Sahara', 141990],
      ['GR Sport', 146990],
    ],
    {
      depreciation: 0.93,
      fuels: ['Diesel'],
      drives: ['4x4'],
      engine: 3.3,
      cylinders: 6,
      induction: 'Twin Turbo',
      gears: 10,
      seats: 7,
      towing: 3500,
      since: 2022,
      dims: [4980, 1980, 1950],
    },
  ),
  m(
    'Toyota',
    'LandCruiser 70',
    'cabChassis',
    [
      ['Workmate', 80990],
      ['GXL', 86990],
    ],
    {
      depreciation: 0.94,
      fuels: ['Diesel'],
      drives: ['4x4'],
      transmissions: ['Automatic', 'Manual'],
      engine: 2.8,
      induction: 'Turbo Intercooled',
      bodyconfiguration: 'Single Cab',
      towing: 3500,
    },
  ),
  m(
    'Toyota',
    'HiAce',
    'van',
    [
      ['LWB', 49990],
      ['SLWB', 57990],
    ],
    { fuels: ['Diesel'], drives: ['RWD'], engine: 2.8, induction: 'Turbo Intercooled', bodyconfiguration: 'Crew Van' },
  ),
  m(
    'Toyota',
    'Prado',
    'suv',
    [
      ['GX', 77990],
      ['GXL', 86990],
      ['VX', 96990],
      ['Kakadu', 104990],
    ],
    {
      fuels: ['Diesel'],
      drives: ['4x4'],
      engine: 2.8,
      induction: 'Turbo Intercooled',
      seats: 7,
      towing: 3500,
      weight: 2,
    },
  ),
  m(
    'Toyota',
    'Kluger',
    'suv',
    [
      ['GX', 55990],
      ['GXL', 65990],
      ['Grande', 79990],
    ],
    { fuels: ['Hybrid', 'Petrol'], drives: ['AWD', 'FWD'], engine: 2.5, seats: 7, towing: 2000 },
  ),
  m(
    'Toyota',
    'bZ4X',
    'suv',
    [
      ['FWD', 59990],
      ['AWD', 69990],
    ],
    { fuels: ['Electric'], drives: ['FWD', 'AWD'], since: 2022 },
  ),
  m(
    'Toyota',
    'GR86',
    'coupe',
    [
      ['GT', 47990],
      ['GTS', 53990],
    ],
    { transmissions: ['Manual', 'Automatic'], drives: ['RWD'], engine: 2.4, since: 2022 },
  ),
  // Mazda
  m(
    'Mazda',
    'CX-5',
    'suv',
    [
      ['Maxx', 38990],
      ['Maxx Sport', 43990],
      ['Touring', 47990],
      ['GT SP', 53990],
      ['Akera', 57990],
    ],
    { drives: ['FWD', 'AWD'], engine: 2.5, weight: 5, since: 2012 },
  ),
  m(
    'Mazda',
    'CX-3',
    'suv',
    [
      ['G20 Pure', 29990],
      ['G20 Evolve', 33990],
      ['G20 Touring', 35990],
    ],
    { engine: 2.0, weight: 2, since: 2015 },
  ),
  m(
    'Mazda',
    'CX-30',
    'suv',
    [
      ['G20 Pure', 33990],
      ['G25 Touring', 41990],
      ['G25 Astina', 48990],
    ],
    { engine: 2.5, weight: 3, since: 2020 },
  ),
  m(
    'Mazda',
    'CX-60',
    'suv',
    [
      ['G40e Evolve', 62990],
      ['D50e GT', 76990],
      ['P50e Azami', 86990],
    ],
    { fuels: ['Petrol', 'Diesel', 'Hybrid'], drives: ['AWD'], engine: 3.3, cylinders: 6, gears: 8, since: 2023 },
  ),
  m(
    'Mazda',
    'CX-90',
    'suv',
    [
      ['G50e Touring', 80990],
      ['D50e GT', 89990],
      ['G50e Azami', 97990],
    ],
    { drives: ['AWD'], engine: 3.3, cylinders: 6, gears: 8, seats: 7, since: 2023 },
  ),
  m(
    'Mazda',
    'Mazda3',
    'hatch',
    [
      ['G20 Pure', 32990],
      ['G20 Evolve', 35990],
      ['G25 GT', 41990],
      ['G25 Astina', 46990],
    ],
    { transmissions: ['Automatic', 'Manual'], weight: 3 },
  ),
  m(
    'Mazda',
    'Mazda3',
    'sedan',
    [
      ['G20 Evolve', 35990],
      ['G25 Astina', 46990],
    ],
    { engine: 2.5 },
  ),
  m(
    'Mazda',
    'BT-50',
    'ute',
    [
      ['XS', 44990],
      ['XT', 53990],
      ['GT', 63990],
      ['Thunder', 71990],
    ],
    { ...DUAL_CAB, engine: 3.0, weight: 3, since: 2011 },
  ),
  m(
    'Mazda',
    'MX-5',
    'convertible',
    [
      ['Roadster', 45990],
      ['RF GT', 54990],
    ],
    { transmissions: ['Manual', 'Automatic'], drives: ['RWD'], engine: 2.0, body_label: 'Roadster' },
  ),
  // Hyundai
  m(
    'Hyundai',
    'i30',
    'hatch',
    [
      ['Active', 29990],
      ['Elite', 34990],
      ['N Line Premium', 41990],
      ['N', 51990],
    ],
    { transmissions: ['Automatic', 'Manual'], weight: 4 },
  ),
  m(
    'Hyundai',
    'i30',
    'sedan',
    [
      ['Active', 30990],
      ['Elite', 35990],
      ['N Line', 37990],
    ],
    { since: 2021 },
  ),
  m(
    'Hyundai',
    'Tucson',
    'suv',
    [
      ['Tucson', 38990],
      ['Elite', 46990],
      ['Highlander', 54990],
      ['N Line', 51990],
    ],
    { fuels: ['Petrol', 'Diesel', 'Hybrid'], drives: ['FWD', 'AWD'], weight: 5, since: 2016 },
  ),
  m(
    'Hyundai',
    'Santa Fe',
    'suv',
    [
      ['Santa Fe', 55990],
      ['Elite', 62990],
      ['Calligraphy', 75990],
    ],
    { fuels: ['Hybrid', 'Diesel', 'Petrol'], drives: ['AWD'], seats: 7, engine: 1.6, induction: 'Turbo', weight: 2 },
  ),
  m(
    'Hyundai',
    'Kona',
    'suv',
    [
      ['Kona', 33990],
      ['N Line', 40990],
      ['Premium', 44990],
    ],
    { fuels: ['Petrol', 'Hybrid', 'Electric'], weight: 3, since: 2017 },
  ),
  m(
    'Hyundai',
    'Ioniq 5',
    'suv',
    [
      ['Dynamiq', 69990],
      ['Epiq', 79990],
      ['N', 114990],
    ],
    { fuels: ['Electric'], drives: ['RWD', 'AWD'], since: 2021 },
  ),
  m(
    'Hyundai',
    'Staria',
    'peopleMover',
    [
      ['Staria', 56990],
      ['Elite', 64990],
      ['Highlander', 74990],
    ],
    { fuels: ['Diesel', 'Petrol'], drives: ['AWD', 'FWD'], engine: 2.2, induction: 'Turbo', gears: 8, since: 2021 },
  ),
  m(
    'Hyundai',
    'Venue',
    'suv',
    [
      ['Venue', 26990],
      ['Active', 28990],
      ['Elite', 31990],
    ],
    { engine: 1.6, weight: 2, since: 2019 },
  ),
  // Kia
  m(
    'Kia',
    'Sportage',
    'suv',
    [
      ['S', 37990],
      ['SX', 41990],
      ['SX+', 48990],
      ['GT-Line', 55990],
    ],
    { fuels: ['Petrol', 'Diesel', 'Hybrid'], drives: ['FWD', 'AWD'], weight: 5 },
  ),
  m(
    'Kia',
    'Sorento',
    'suv',
    [
      ['S', 52990],
      ['Sport', 56990],
      ['GT-Line', 70990],
    ],
    {
      fuels: ['Diesel', 'Petrol', 'Hybrid'],
      drives: ['AWD', 'FWD'],
      seats: 7,
      engine: 2.2,
      induction: 'Turbo',
      gears: 8,
      weight: 3,
    },
  ),
  m(
    'Kia',
    'Seltos',
    'suv',
    [
      ['S', 30990],
      ['Sport', 33990],
      ['GT-Line', 43990],
    ],
    { drives: ['FWD', 'AWD'], weight: 3, since: 2020 },
  ),
  m(
    'Kia',
    'Carnival',
    'peopleMover',
    [
      ['S', 53990],
      ['Sport+', 62990],
      ['GT-Line', 72990],
    ],
    { fuels: ['Diesel', 'Petrol', 'Hybrid'], engine: 2.2, induction: 'Turbo', gears: 8, weight: 3 },
  ),
  m(
    'Kia',
    'Cerato',
    'hatch',
    [
      ['S', 28990],
      ['Sport', 31990],
      ['GT', 38990],
    ],
    { transmissions: ['Automatic', 'Manual'], weight: 3 },
  ),
  m(
    'Kia',
    'Cerato',
    'sedan',
    [
      ['S', 28990],
      ['Sport+', 33990],
    ],
    {},
  ),
  m(
    'Kia',
    'EV6',
    'suv',
    [
      ['Air', 70990],
      ['GT-Line', 82990],
      ['GT', 99990],
    ],
    { fuels: ['Electric'], drives: ['RWD', 'AWD'], since: 2022 },
  ),
  m(
    'Kia',
    'Picanto',
    'hatch',
    [
      ['S', 18990],
      ['GT-Line', 21990],
    ],
    { transmissions: ['Automatic', 'Manual'], engine: 1.2, gears: 4, weight: 2 },
  ),
  m(
    'Kia',
    'Tasman',
    'ute',
    [
      ['S', 52990],
      ['SX', 59990],
      ['X-Pro', 74990],
    ],
    { ...DUAL_CAB, engine: 2.2, since: 2025 },
  ),
  // Subaru
  m(
    'Subaru',
    'Forester',
    'suv',
    [
      ['2.5i', 40990],
      ['2.5i-L', 43990],
      ['Hybrid L', 46990],
      ['2.5i-S', 50990],
    ],
    { fuels: ['Petrol', 'Hybrid'], drives: ['AWD'], engine: 2.5, weight: 5 },
  ),
  m(
    'Subaru',
    'Outback',
    'wagon',
    [
      ['AWD', 47990],
      ['AWD Sport', 51990],
      ['AWD Touring', 55990],
      ['XT Touring', 59990],
    ],
    { drives: ['AWD'], engine: 2.5, weight: 4 },
  ),
  m(
    'Subaru',
    'Crosstrek',
    'suv',
    [
      ['2.0R', 36990],
      ['2.0S', 42990],
      ['Hybrid S', 46990],
    ],
    { fuels: ['Petrol', 'Hybrid'], drives: ['AWD'], weight: 3, since: 2017 },
  ),
  m(
    'Subaru',
    'WRX',
    'sedan',
    [
      ['WRX', 58990],
      ['tS', 64990],
    ],
    { transmissions: ['Manual', 'Automatic'], drives: ['AWD'], engine: 2.4, induction: 'Turbo Intercooled', weight: 2 },
  ),
  m(
    'Subaru',
    'BRZ',
    'coupe',
    [
      ['BRZ', 46990],
      ['S', 49990],
    ],
    { transmissions: ['Manual', 'Automatic'], drives: ['RWD'], engine: 2.4, since: 2012 },
  ),
  m(
    'Subaru',
    'Impreza',
    'hatch',
    [
      ['2.0i', 32990],
      ['2.0S', 38990],
    ],
    { drives: ['AWD'], weight: 2 },
  ),
  // Isuzu UTE
  m(
    'Isuzu',
    'D-MAX',
    'ute',
    [
      ['SX', 43990],
      ['LS-M', 54990],
      ['LS-U', 62990],
      ['X-Terrain', 73990],
      ['Blade', 77990],
    ],
    { ...DUAL_CAB, engine: 3.0, weight: 6, since: 2008 },
  ),
  m(
    'Isuzu',
    'D-MAX',
    'cabChassis',
    [
      ['SX Single Cab', 36990],
      ['SX Space Cab', 46990],
      ['LS-M Crew Cab', 52990],
    ],
    { ...DUAL_CAB, bodyconfiguration: 'Single Cab', body_label: 'Cab Chassis', seats: 2, weight: 2 },
  ),
  m(
    'Isuzu',
    'MU-X',
    'suv',
    [
      ['LS-M', 56990],
      ['LS-U', 62990],
      ['LS-T', 68990],
    ],
    {
      fuels: ['Diesel'],
      drives: ['4x4', '4x2'],
      engine: 3.0,
      induction: 'Turbo Intercooled',
      seats: 7,
      towing: 3500,
      weight: 3,
      since: 2013,
    },
  ),
  // Ford
  m(
    'Ford',
    'Ranger',
    'ute',
    [
      ['XL', 46990],
      ['XLS', 56990],
      ['XLT', 64990],
      ['Sport', 70990],
      ['Wildtrak', 76990],
      ['Raptor', 94990],
    ],
    { ...DUAL_CAB, engine: 2.0, gears: 10, weight: 6 },
  ),
  m(
    'Ford',
    'Ranger',
    'cabChassis',
    [
      ['XL Single Cab', 41990],
      ['XL Super Cab', 49990],
    ],
    { ...DUAL_CAB, engine: 2.0, gears: 10, bodyconfiguration: 'Super Cab', seats: 2 },
  ),
  m(
    'Ford',
    'Everest',
    'suv',
    [
      ['Ambiente', 60990],
      ['Trend', 69990],
      ['Sport', 74990],
      ['Platinum', 91990],
    ],
    {
      fuels: ['Diesel'],
      drives: ['4x4', '4x2'],
      engine: 3.0,
      cylinders: 6,
      induction: 'Turbo',
      gears: 10,
      seats: 7,
      towing: 3500,
      weight: 3,
      since: 2015,
    },
  ),
  m(
    'Ford',
    'Transit Custom',
    'van',
    [
      ['Trend', 55990],
      ['Sport', 66990],
    ],
    { fuels: ['Diesel'], engine: 2.0, induction: 'Turbo', gears: 8, bodyconfiguration: 'Low Roof SWB', weight: 2 },
  ),
  m(
    'Ford',
    'Mustang',
    'coupe',
    [
      ['GT Fastback', 75990],
      ['Dark Horse', 107990],
    ],
    { drives: ['RWD'], transmissions: ['Automatic', 'Manual'], engine: 5.0, cylinders: 8, gears: 10, since: 2016 },
  ),
  m('Ford', 'Mustang', 'convertible', [['GT Convertible', 83990]], {
    drives: ['RWD'],
    engine: 5.0,
    cylinders: 8,
    gears: 10,
    since: 2016,
  }),
  m(
    'Ford',
    'Puma',
    'suv',
    [
      ['Puma', 34990],
      ['ST-Line', 38990],
    ],
    { engine: 1.0, cylinders: 3, induction: 'Turbo', gears: 7, since: 2020 },
  ),
  m(
    'Ford',
    'Mustang Mach-E',
    'suv',
    [
      ['Select', 72990],
      ['Premium', 84990],
    ],
    { fuels: ['Electric'], drives: ['RWD', 'AWD'], since: 2023 },
  ),
  // MG
  m(
    'MG',
    'MG3',
    'hatch',
    [
      ['Vibe', 23990],
      ['Excite', 26990],
      ['Hybrid+ Excite', 29990],
    ],
    { fuels: ['Petrol', 'Hybrid'], engine: 1.5, gears: 4, weight: 4, since: 2013 },
  ),
  m(
    'MG',
    'ZS',
    'suv',
    [
      ['Vibe', 27990],
      ['Excite', 30990],
      ['Essence', 34990],
    ],
    { fuels: ['Petrol', 'Hybrid', 'Electric'], engine: 1.5, weight: 5, since: 2018 },
  ),
  m(
    'MG',
    'HS',
    'suv',
    [
      ['Vibe', 34990],
      ['Excite', 38990],
      ['Essence', 44990],
      ['Essence PHEV', 55990],
    ],
    { fuels: ['Petrol', 'Hybrid'], engine: 1.5, induction: 'Turbo', gears: 7, weight: 3, since: 2019 },
  ),
  m(
    'MG',
    'MG4',
    'hatch',
    [
      ['Excite 51', 35990],
      ['Essence 64', 42990],
      ['XPOWER', 59990],
    ],
    { fuels: ['Electric'], drives: ['RWD', 'AWD'], weight: 3, since: 2023 },
  ),
  m('MG', 'Cyberster', 'convertible', [['Trophy', 99990]], { fuels: ['Electric'], drives: ['AWD'], since: 2025 }),
  // BYD
  m(
    'BYD',
    'Atto 3',
    'suv',
    [
      ['Essential', 44990],
      ['Premium', 48990],
    ],
    { fuels: ['Electric'], weight: 4, since: 2022 },
  ),
  m(
    'BYD',
    'Dolphin',
    'hatch',
    [
      ['Essential', 29990],
      ['Premium', 36990],
    ],
    { fuels: ['Electric'], weight: 3, since: 2023 },
  ),
  m(
    'BYD',
    'Seal',
    'sedan',
    [
      ['Dynamic', 49990],
      ['Premium', 58990],
      ['Performance', 69990],
    ],
    { fuels: ['Electric'], drives: ['RWD', 'AWD'], weight: 2, since: 2023 },
  ),
  m('BYD', 'Shark 6', 'ute', [['Premium', 57990]], {
    fuels: ['Hybrid'],
    drives: ['AWD'],
    engine: 1.5,
    induction: 'Turbo',
    gears: 1,
    bodyconfiguration: 'Double Cab',
    towing: 2500,
    weight: 2,
    since: 2024,
  }),
  m(
    'BYD',
    'Sealion 7',
    'suv',
    [
      ['Premium', 54990],
      ['Performance', 64990],
    ],
    { fuels: ['Electric'], drives: ['RWD', 'AWD'], since: 2025 },
  ),
  // Makes seen only in used stock
  m(
    'Nissan',
    'Navara',
    'ute',
    [
      ['SL', 47990],
      ['ST', 54990],
      ['ST-X', 61990],
      ['PRO-4X', 67990],
    ],
    { ...DUAL_CAB, engine: 2.3, gears: 7, weight: 4 },
  ),
  m(
    'Nissan',
    'X-Trail',
    'suv',
    [
      ['ST', 37990],
      ['ST-L', 44990],
      ['Ti', 52990],
    ],
    { drives: ['FWD', 'AWD'], engine: 2.5, weight: 3 },
  ),
  m(
    'Nissan',
    'Patrol',
    'suv',
    [
      ['Ti', 89990],
      ['Ti-L', 99990],
    ],
    { drives: ['4x4'], engine: 5.6, cylinders: 8, gears: 7, seats: 8, towing: 3500 },
  ),
  m(
    'Mitsubishi',
    'Triton',
    'ute',
    [
      ['GLX', 43990],
      ['GLX+', 50990],
      ['GLS', 57990],
    ],
    { ...DUAL_CAB, engine: 2.4, weight: 4 },
  ),
  m(
    'Mitsubishi',
    'Outlander',
    'suv',
    [
      ['ES', 38990],
      ['LS', 43990],
      ['Exceed', 52990],
    ],
    { fuels: ['Petrol', 'Hybrid'], drives: ['FWD', 'AWD'], engine: 2.5, seats: 7, weight: 3 },
  ),
  m(
    'Mitsubishi',
    'ASX',
    'suv',
    [
      ['ES', 28990],
      ['LS', 31990],
    ],
    { weight: 2 },
  ),
  m(
    'Holden',
    'Commodore',
    'sedan',
    [
      ['Evoke', 36990],
      ['SV6', 44990],
      ['SS-V Redline', 58990],
    ],
    { drives: ['RWD'], engine: 3.6, cylinders: 6, weight: 3, since: 2008 },
  ),
  m(
    'Holden',
    'Commodore',
    'wagon',
    [
      ['Evoke Sportwagon', 38990],
      ['SV6 Sportwagon', 46990],
    ],
    { drives: ['RWD'], engine: 3.6, cylinders: 6, body_label: 'Sportwagon' },
  ),
  m(
    'Holden',
    'Colorado',
    'ute',
    [
      ['LS', 42990],
      ['LTZ', 52990],
      ['Z71', 57990],
    ],
    { ...DUAL_CAB, weight: 3 },
  ),
  m(
    'Volkswagen',
    'Amarok',
    'ute',
    [
      ['Core', 55990],
      ['Style', 63990],
      ['Aventura', 79990],
    ],
    { ...DUAL_CAB, engine: 2.0, gears: 10, weight: 2 },
  ),
  m(
    'Volkswagen',
    'Golf',
    'hatch',
    [
      ['Life', 39990],
      ['R-Line', 45990],
      ['GTI', 59990],
    ],
    { engine: 1.4, induction: 'Turbo', gears: 8, weight: 3 },
  ),
  m(
    'Honda',
    'CR-V',
    'suv',
    [
      ['VTi', 41990],
      ['VTi L', 47990],
      ['e:HEV RS', 59990],
    ],
    { fuels: ['Petrol', 'Hybrid'], drives: ['FWD', 'AWD'], engine: 1.5, induction: 'Turbo', weight: 3 },
  ),
  m(
    'Honda',
    'Civic',
    'hatch',
    [
      ['VTi-LX', 47990],
      ['Type R', 72990],
    ],
    { transmissions: ['Automatic', 'Manual'], engine: 2.0, weight: 2 },
  ),
  m(
    'Suzuki',
    'Swift',
    'hatch',
    [
      ['GL', 22990],
      ['GLX', 26990],
      ['Sport', 29990],
    ],
    { transmissions: ['Automatic', 'Manual'], engine: 1.2, gears: 5, weight: 3 },
  ),
  m(
    'Suzuki',
    'Jimny',
    'suv',
    [
      ['Lite', 32990],
      ['GLX', 35990],
    ],
    {
      drives: ['4x4'],
      transmissions: ['Manual', 'Automatic'],
      engine: 1.5,
      gears: 4,
      doors: 2,
      seats: 4,
      weight: 2,
      since: 2018,
    },
  ),
  m(
    'Jeep',
    'Wrangler',
    'suv',
    [
      ['Sport S', 69990],
      ['Rubicon', 86990],
    ],
    { drives: ['4x4'], engine: 2.0, induction: 'Turbo', gears: 8, body_label: 'Softtop', weight: 2 },
  ),
  m(
    'Jeep',
    'Grand Cherokee',
    'suv',
    [
      ['Laredo', 78990],
      ['Limited', 89990],
    ],
    { drives: ['4x4'], engine: 3.6, cylinders: 6, gears: 8 },
  ),
  m(
    'Mercedes-Benz',
    'Sprinter',
    'van',
    [
      ['316 CDI', 74990],
      ['319 CDI', 82990],
    ],
    {
      fuels: ['Diesel'],
      drives: ['RWD'],
      engine: 2.1,
      induction: 'Turbo',
      gears: 9,
      bodyconfiguration: 'High Roof LWB',
      weight: 2,
    },
  ),
  m(
    'Mercedes-Benz',
    'C-Class',
    'sedan',
    [
      ['C200', 78990],
      ['C300', 88990],
      ['C63 S', 160990],
    ],
    { drives: ['RWD'], engine: 2.0, induction: 'Turbo', gears: 9, weight: 2 },
  ),
  m(
    'BMW',
    '3 Series',
    'sedan',
    [
      ['320i M Sport', 74990],
      ['330e M Sport', 82990],
      ['M340i xDrive', 105990],
    ],
    { fuels: ['Petrol', 'Hybrid'], drives: ['RWD', 'AWD'], engine: 2.0, induction: 'Turbo', gears: 8, weight: 2 },
  ),
  m(
    'BMW',
    'X5',
    'suv',
    [
      ['xDrive30d', 124990],
      ['xDrive50e', 137990],
    ],
    { fuels: ['Diesel', 'Hybrid'], drives: ['AWD'], engine: 3.0, cylinders: 6, induction: 'Turbo', gears: 8 },
  ),
  m(
    'Audi',
    'Q5',
    'suv',
    [
      ['40 TDI quattro', 77990],
      ['45 TFSI S line', 83990],
    ],
    { fuels: ['Diesel', 'Petrol'], drives: ['AWD'], engine: 2.0, induction: 'Turbo', gears: 7, weight: 2 },
  ),
  m(
    'Tesla',
    'Model 3',
    'sedan',
    [
      ['Rear-Wheel Drive', 54990],
      ['Long Range', 65990],
      ['Performance', 79990],
    ],
    { fuels: ['Electric'], drives: ['RWD', 'AWD'], weight: 3, since: 2019 },
  ),
  m(
    'Tesla',
    'Model Y',
    'suv',
    [
      ['Rear-Wheel Drive', 58990],
      ['Long Range', 68990],
    ],
    { fuels: ['Electric'], drives: ['RWD', 'AWD'], weight: 3, since: 2022 },
  ),
  m(
    'Jayco',
    'Conquest',
    'motorhome',
    [
      ['FA25-1', 199990],
      ['FA30-3', 234990],
    ],
    {
      fuels: ['Diesel'],
      drives: ['FWD'],
      engine: 2.3,
      induction: 'Turbo',
      gears: 9,
      seats: 4,
      body_label: 'Motorhome',
      since: 2012,
      depreciation: 0.93,
      caravan: {
        body_width: '7\'6"',
        body_length: '24\'6"',
        tare_weight: 3650,
        axle_type: 'Single',
        sleeps: 4,
        aggregate_trailer_mass: 4490,
      },
    },
  ),
  m('Jayco', 'Optimum', 'motorhome', [['25.MB', 229990]], {
    fuels: ['Diesel'],
    drives: ['FWD'],
    engine: 2.3,
    induction: 'Turbo',
    gears: 9,
    seats: 4,
    body_label: 'Motorhome',
    since: 2018,
    depreciation: 0.93,
    caravan: {
      body_width: '7\'10"',
      body_length: '25\'1"',
      tare_weight: 3980,
      axle_type: 'Tandem',
      sleeps: 2,
      aggregate_trailer_mass: 4490,
    },
  }),
];

/** World manufacturer identifier prefixes for demo VINs. */
export const VIN_PREFIX: Readonly<Record<string, string>> = {
  Toyota: 'MR0',
  Mazda: 'JM0',
  Hyundai: 'KMH',
  Kia: 'KNA',
  Subaru: 'JF1',
  Isuzu: 'MPA',
  Ford: 'MNC',
  MG: 'LSJ',
  BYD: 'LGX',
  Nissan: 'MNT',
  Mitsubishi: 'MMA',
  Holden: '6G1',
  Volkswagen: 'WV1',
  Honda: 'MRH',
  Suzuki: 'JS2',
  Jeep: '1C4',
  'Mercedes-Benz': 'WDB',
  BMW: 'WBA',
  Audi: 'WAU',
  Tesla: 'LRW',
  Jayco: '6J9',
};

/** How common each make is in used stock (higher is more common). */
export const USED_MAKE_WEIGHTS: Readonly<Record<string, number>> = {
  Toyota: 14,
  Mazda: 9,
  Hyundai: 8,
  Kia: 7,
  Ford: 9,
  Holden: 6,
  Nissan: 6,
  Mitsubishi: 6,
  Isuzu: 5,
  Subaru: 4,
  Volkswagen: 4,
  Honda: 4,
  Suzuki: 3,
  MG: 3,
  Jeep: 2,
  'Mercedes-Benz': 2,
  BMW: 2,
  Audi: 2,
  Tesla: 2,
  BYD: 1,
  Jayco: 0.6,
};
