import { BODY_TYPES, ELECTRIC_FUEL, HYBRID_FUEL, type BodyType } from '../entities/car';

/**
 * Dealer stock systems send raw classification fields (body 'SUV', fuel 'Diesel', transmission
 * 'Automatic'); the facets read the simple_* fields. When a simple_* field is absent it is derived
 * from the raw ones with the mapping below (docs/feeds.md 'Raw fields'). An unknown raw value keeps its
 * text in the simple_* field and is reported once per value.
 */

const squash = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

const BODY_WORDS: Readonly<Record<string, BodyType>> = {
  ...Object.fromEntries(BODY_TYPES.map((type) => [squash(type), type])),
  '4wd': '4x4',
  cabchassis: 'cabChassis',
  cabchas: 'cabChassis',
  cc: 'cabChassis',
  tray: 'cabChassis',
  traytop: 'cabChassis',
  utility: 'ute',
  pickup: 'ute',
  dualcab: 'ute',
  doublecab: 'ute',
  singlecab: 'ute',
  extracab: 'ute',
  spacecab: 'ute',
  kingcab: 'ute',
  crewcab: 'ute',
  cabriolet: 'convertible',
  roadster: 'convertible',
  peoplemover: 'peopleMover',
  mpv: 'peopleMover',
  minivan: 'peopleMover',
  stationwagon: 'stationWagon',
  estate: 'stationWagon',
  liftback: 'hatchback',
  sportsutility: 'suv',
  sportsutilityvehicle: 'suv',
  crossover: 'suv',
  lighttruck: 'lightTruck',
  truck: 'lightTruck',
  campervan: 'motorhome',
  camper: 'motorhome',
  minibus: 'bus',
  saloon: 'sedan',
};

const FUEL_WORDS: Readonly<Record<string, string>> = {
  petrol: 'Petrol',
  unleaded: 'Petrol',
  unleadedpetrol: 'Petrol',
  ulp: 'Petrol',
  premiumunleaded: 'Petrol',
  premiumunleadedpetrol: 'Petrol',
  pulp: 'Petrol',
  gasoline: 'Petrol',
  diesel: 'Diesel',
  turbodiesel: 'Diesel',
  dieselturbo: 'Diesel',
  electric: ELECTRIC_FUEL,
  ev: ELECTRIC_FUEL,
  bev: ELECTRIC_FUEL,
  electricity: ELECTRIC_FUEL,
  hybrid: HYBRID_FUEL,
  petrolhybrid: HYBRID_FUEL,
  hybridpetrol: HYBRID_FUEL,
  petrolelectric: HYBRID_FUEL,
  dieselhybrid: HYBRID_FUEL,
  plugin: HYBRID_FUEL,
  pluginhybrid: HYBRID_FUEL,
  phev: HYBRID_FUEL,
  hev: HYBRID_FUEL,
  lpg: 'LPG',
};

const TRANSMISSION_WORDS: Readonly<Record<string, string>> = {
  automatic: 'Automatic',
  auto: 'Automatic',
  a: 'Automatic',
  at: 'Automatic',
  cvt: 'Automatic',
  constantlyvariable: 'Automatic',
  continuouslyvariable: 'Automatic',
  dct: 'Automatic',
  dualclutch: 'Automatic',
  sportsautomatic: 'Automatic',
  sportsautomaticdualclutch: 'Automatic',
  automatedmanual: 'Automatic',
  reductiongear: 'Automatic',
  manual: 'Manual',
  man: 'Manual',
  m: 'Manual',
  mt: 'Manual',
};

const DRIVE_WORDS: Readonly<Record<string, string>> = {
  '4x4': '4x4',
  '4wd': '4x4',
  fourwheeldrive: '4x4',
  parttime4wd: '4x4',
  awd: 'AWD',
  allwheeldrive: 'AWD',
  fwd: 'FWD',
  frontwheeldrive: 'FWD',
  rwd: 'RWD',
  rearwheeldrive: 'RWD',
  '4x2': '4x2',
  '2wd': '4x2',
};

/**
 * Body texts often carry more words than the type ('Dual Cab Utility', 'Wagon 7 Seats'); when the
 * whole text is no known word, the first of these its letters contain decides.
 */
const BODY_CONTAINS: readonly (readonly [string, BodyType])[] = [
  ['cabchassis', 'cabChassis'],
  ['peoplemover', 'peopleMover'],
  ['minivan', 'peopleMover'],
  ['stationwagon', 'stationWagon'],
  ['motorhome', 'motorhome'],
  ['campervan', 'motorhome'],
  ['utility', 'ute'],
  ['pickup', 'ute'],
  ['hatch', 'hatch'],
  ['wagon', 'wagon'],
  ['sedan', 'sedan'],
  ['coupe', 'coupe'],
  ['convertible', 'convertible'],
  ['cabriolet', 'convertible'],
  ['suv', 'suv'],
  ['van', 'van'],
];

const bodyOf = (text: string): string | undefined => {
  const key = squash(text);
  return BODY_WORDS[key] ?? BODY_CONTAINS.find(([part]) => key.includes(part))?.[1];
};

/** Leading counts such as '6 speed' or '8SP' in a transmission text say nothing about its kind. */
const transmissionKey = (text: string): string => squash(text.replace(/^\s*\d+\s*(?:-\s*)?(?:speed|sp)\b\.?/i, ''));

const RULES = [
  { target: 'simple_body', sources: ['body', 'bodyconfiguration'], map: bodyOf },
  { target: 'simple_fuel', sources: ['fuel'], map: (text: string) => FUEL_WORDS[squash(text)] },
  {
    target: 'simple_transmission',
    sources: ['trans', 'transmission'],
    map: (text: string) => TRANSMISSION_WORDS[transmissionKey(text)],
  },
  { target: 'simple_drive', sources: ['drive'], map: (text: string) => DRIVE_WORDS[squash(text)] },
] as const;

export type SimpleField = (typeof RULES)[number]['target'];

export interface UnmappedRawValue {
  field: SimpleField;
  source: string;
  value: string;
}

/** The row with simple_* fields derived from raw ones where absent, and the raw values no rule knows. */
export function normaliseRawFields<T extends Record<string, unknown>>(
  car: T,
): { car: T & Partial<Record<SimpleField, unknown>>; unmapped: UnmappedRawValue[] } {
  const out: Record<string, unknown> = { ...car };
  const unmapped: UnmappedRawValue[] = [];
  for (const rule of RULES) {
    const current = car[rule.target];
    if (typeof current === 'string' && current.trim() !== '') continue;
    const source = rule.sources.find((name) => typeof car[name] === 'string' && (car[name] as string).trim() !== '');
    if (!source) continue;
    const raw = (car[source] as string).trim();
    const mapped = rule.map(raw);
    if (mapped) out[rule.target] = mapped;
    else {
      out[rule.target] = raw;
      unmapped.push({ field: rule.target, source, value: raw });
    }
  }
  return { car: out as T, unmapped };
}
