/**
 * What a shopper's word stands for, before the site's vocabulary decides whether it applies: an
 * alias only ever points at a value, and it is used only when the site has that value (a 'merc' on
 * a site with no Mercedes-Benz stock stays free text).
 */
export type AliasKind =
  | 'make'
  | 'model'
  | 'family'
  | 'body'
  | 'fuel'
  | 'transmission'
  | 'drive'
  | 'colour'
  | 'feature'
  | 'condition'
  | 'state'
  | 'lowKm';

export interface AliasEntry {
  /** As shoppers type them; compared without case, spaces or punctuation ('cx 5' is 'cx5'). */
  phrases: readonly string[];
  kind: AliasKind;
  /**
   * The value as sites spell it: a make, a model name, a family's first word, a body identifier,
   * a fuel, transmission, drive or colour facet value, words a feature must contain, a car type or
   * a state code. Empty for lowKm.
   */
  value: string;
}

/** Misspellings, abbreviations and slang Australian shoppers use, as data (issue 55). */
export const DEFAULT_ALIASES: readonly AliasEntry[] = [
  // Makes
  { kind: 'make', value: 'Mercedes-Benz', phrases: ['merc', 'mercs', 'mercedes', 'benz', 'merc benz', 'mercedez'] },
  { kind: 'make', value: 'Volkswagen', phrases: ['vw', 'volkswagon', 'volkswagan', 'vdub', 'volksy'] },
  { kind: 'make', value: 'Mitsubishi', phrases: ['mitsi', 'mitsu', 'mitsy', 'mitsubushi', 'mitsibishi'] },
  { kind: 'make', value: 'Subaru', phrases: ['subie', 'subi', 'subbie', 'scooby'] },
  { kind: 'make', value: 'BMW', phrases: ['beemer', 'bimmer', 'beamer'] },
  { kind: 'make', value: 'Hyundai', phrases: ['hyundia', 'hundai', 'hyndai', 'hyunday'] },
  { kind: 'make', value: 'Toyota', phrases: ['toyta', 'toyata', 'yota', 'toyo'] },
  { kind: 'make', value: 'Isuzu', phrases: ['izusu', 'isuzi', 'izuzu'] },
  { kind: 'make', value: 'Mazda', phrases: ['madza', 'mazada'] },
  { kind: 'make', value: 'Nissan', phrases: ['nissen', 'nisan'] },
  { kind: 'make', value: 'Holden', phrases: ['holdin', 'holdo'] },
  { kind: 'make', value: 'Tesla', phrases: ['telsa'] },
  { kind: 'make', value: 'Suzuki', phrases: ['zuki', 'suzi'] },
  { kind: 'make', value: 'Chevrolet', phrases: ['chev', 'chevy'] },
  { kind: 'make', value: 'Land Rover', phrases: ['landrover'] },
  { kind: 'make', value: 'Great Wall', phrases: ['gwm'] },
  // Models and families
  { kind: 'family', value: 'landcruiser', phrases: ['land cruiser', 'landcruzer'] },
  { kind: 'model', value: 'LandCruiser 300', phrases: ['lc300', '300 series', 'landcruiser 300 series'] },
  {
    kind: 'model',
    value: 'LandCruiser 70',
    phrases: ['lc70', 'lc76', 'lc78', 'lc79', '70 series', '76 series', '78 series', '79 series', 'troopy'],
  },
  {
    kind: 'model',
    value: 'LandCruiser 70',
    phrases: ['landcruiser 70 series', 'landcruiser 76', 'landcruiser 78', 'landcruiser 79'],
  },
  { kind: 'model', value: 'LandCruiser 70', phrases: ['landcruiser 76 series', 'landcruiser 78 series'] },
  { kind: 'model', value: 'LandCruiser 70', phrases: ['landcruiser 79 series'] },
  { kind: 'model', value: 'Prado', phrases: ['landcruiser prado', 'toyota landcruiser prado'] },
  { kind: 'model', value: 'Corolla', phrases: ['corrola', 'carolla', 'corola', 'corolla'] },
  { kind: 'model', value: 'Mustang Mach-E', phrases: ['mach e', 'mache'] },
  { kind: 'model', value: 'CR-V', phrases: ['crv'] },
  { kind: 'model', value: 'HiLux', phrases: ['hilux', 'hi lux', 'hilucks'] },
  { kind: 'model', value: 'D-MAX', phrases: ['dmax', 'd max', 'd-max'] },
  // Bodies (the platform's body identifiers)
  {
    kind: 'body',
    value: 'ute',
    phrases: ['ute', 'utes', 'pickup', 'pick up', 'pickups', 'dual cab', 'double cab', 'crew cab', 'twin cab'],
  },
  { kind: 'body', value: 'ute', phrases: ['dualcab', 'space cab', 'extra cab', 'king cab', 'club cab'] },
  {
    kind: 'body',
    value: 'cabChassis',
    phrases: ['cab chassis', 'single cab', 'tray back', 'trayback', 'traybak', 'tray top', 'traytop', 'tray'],
  },
  { kind: 'body', value: 'cabChassis', phrases: ['tray back ute', 'traybak ute', 'trayback ute', 'tray ute'] },
  { kind: 'body', value: 'suv', phrases: ['suv', 'suvs', 'crossover', 'soft roader'] },
  { kind: 'body', value: 'hatch', phrases: ['hatch', 'hatches', 'hatchback', 'hatchbacks'] },
  { kind: 'body', value: 'sedan', phrases: ['sedan', 'sedans', 'saloon'] },
  { kind: 'body', value: 'wagon', phrases: ['wagon', 'wagons', 'station wagon', 'estate'] },
  { kind: 'body', value: 'van', phrases: ['van', 'vans', 'panel van'] },
  { kind: 'body', value: 'peopleMover', phrases: ['people mover', 'people movers', 'peoplemover', 'mpv', 'minivan'] },
  { kind: 'body', value: 'coupe', phrases: ['coupe', 'coupes'] },
  {
    kind: 'body',
    value: 'convertible',
    phrases: ['convertible', 'convertibles', 'cabriolet', 'cabrio', 'soft top', 'drop top', 'roadster'],
  },
  {
    kind: 'body',
    value: 'motorhome',
    phrases: ['motorhome', 'motorhomes', 'motor home', 'campervan', 'camper van', 'camper', 'rv'],
  },
  // Fuel, transmission, drive
  { kind: 'fuel', value: 'Diesel', phrases: ['diesel', 'deisel', 'diesels', 'turbo diesel'] },
  { kind: 'fuel', value: 'Petrol', phrases: ['petrol', 'unleaded', 'ulp', 'premium unleaded'] },
  { kind: 'fuel', value: 'Hybrid', phrases: ['hybrid', 'hybrids', 'phev', 'plug in hybrid', 'plugin hybrid'] },
  {
    kind: 'fuel',
    value: 'Electric',
    phrases: ['electric', 'ev', 'evs', 'bev', 'electric vehicle', 'battery electric', 'full electric'],
  },
  {
    kind: 'transmission',
    value: 'Automatic',
    phrases: ['auto', 'autos', 'automatic', 'automatics', 'auto trans', 'automatic transmission'],
  },
  {
    kind: 'transmission',
    value: 'Manual',
    phrases: ['manual', 'manuals', 'stick', 'stick shift', 'manual transmission', 'manual trans'],
  },
  {
    kind: 'drive',
    value: '4x4',
    phrases: ['4x4', '4wd', '4 wheel drive', 'four wheel drive', '4by4', '4 by 4', '4x4s', '4wds'],
  },
  { kind: 'drive', value: 'AWD', phrases: ['awd', 'all wheel drive'] },
  { kind: 'drive', value: '4x2', phrases: ['4x2', '2wd', 'two wheel drive', '2 wheel drive'] },
  { kind: 'drive', value: 'FWD', phrases: ['fwd', 'front wheel drive'] },
  { kind: 'drive', value: 'RWD', phrases: ['rwd', 'rear wheel drive'] },
  // Colours (Australian spelling is the site's; American spelling is an alias)
  { kind: 'colour', value: 'Grey', phrases: ['gray', 'grey'] },
  { kind: 'colour', value: 'Silver', phrases: ['silver'] },
  // Features: the words a site's feature must contain
  { kind: 'feature', value: 'tow bar', phrases: ['towbar', 'tow bar', 'tow hitch', 'tow ball', 'towball', 'tow pack'] },
  { kind: 'feature', value: 'sunroof', phrases: ['sunroof', 'sun roof', 'moonroof', 'moon roof'] },
  { kind: 'feature', value: 'panoramic sunroof', phrases: ['panoramic roof', 'pano roof', 'panoramic sunroof'] },
  { kind: 'feature', value: 'bull bar', phrases: ['bullbar', 'bull bar', 'roo bar', 'roobar'] },
  { kind: 'feature', value: 'roof racks', phrases: ['roof rack', 'roof racks'] },
  { kind: 'feature', value: 'third row', phrases: ['third row', '3rd row', 'third row seats', '3rd row seats'] },
  { kind: 'feature', value: 'tinted windows', phrases: ['window tint', 'window tints', 'tint', 'tints', 'tinted'] },
  { kind: 'feature', value: 'long range fuel tank', phrases: ['long range tank', 'long range fuel tank'] },
  { kind: 'feature', value: 'brake controller', phrases: ['brake controller'] },
  { kind: 'feature', value: 'solar', phrases: ['solar', 'solar panel'] },
  { kind: 'feature', value: 'shower and toilet', phrases: ['toilet', 'shower', 'ensuite', 'toilet and shower'] },
  { kind: 'feature', value: 'tub liner', phrases: ['tubliner'] },
  // Condition (car types)
  { kind: 'condition', value: 'new', phrases: ['new', 'brand new'] },
  {
    kind: 'condition',
    value: 'used',
    phrases: ['used', 'second hand', 'secondhand', '2nd hand', 'pre-owned', 'preowned', 'pre loved', 'preloved'],
  },
  { kind: 'condition', value: 'demo', phrases: ['demo', 'demos', 'ex demo', 'exdemo', 'demonstrator'] },
  // States
  { kind: 'state', value: 'NSW', phrases: ['nsw', 'new south wales'] },
  { kind: 'state', value: 'VIC', phrases: ['vic', 'victoria'] },
  { kind: 'state', value: 'QLD', phrases: ['qld', 'queensland'] },
  { kind: 'state', value: 'SA', phrases: ['south australia'] },
  { kind: 'state', value: 'WA', phrases: ['western australia'] },
  { kind: 'state', value: 'TAS', phrases: ['tas', 'tassie', 'tasmania'] },
  { kind: 'state', value: 'ACT', phrases: ['canberra region'] },
  { kind: 'state', value: 'NT', phrases: ['northern territory'] },
  // Kilometres
  {
    kind: 'lowKm',
    value: '',
    phrases: ['low km', 'low kms', 'low klms', 'low ks', "low k's", 'low mileage', 'low miles', 'low kilometres'],
  },
  { kind: 'lowKm', value: '', phrases: ['low kilometers', 'low odometer', 'low k'] },
];

/**
 * Words dropped rather than left as free text: they carry no filter and, left in the query, would
 * only narrow the text match to documents that happen to contain them.
 */
export const FILLER_WORDS: ReadonlySet<string> = new Set(
  (
    "a an the i im i'm me my we our want wanted wanting looking look for after need needs show find get buy some " +
    'any with and or in on at of to from that is are has have please pls car cars vehicle vehicles something sale ' +
    'vs versus colour color near around close nr'
  ).split(' '),
);

/**
 * Words a misspelling guess never touches: they are English a shopper means as typed, however
 * near a model's name ('range' is not 'Ranger', 'model' is not 'Model Y').
 */
export const PLAIN_WORDS: ReadonlySet<string> = new Set(
  (
    'model models series range rover sport sports sporty family small large cheap under below above over about ' +
    'around between newer older years seater seats seat shift carry party class grand custom cross state states ' +
    'tasmania victoria queensland australia south north east west wales territory budget price prices weekly ' +
    'month monthly fortnight week deposit diesel petrol manual automatic white black silver green yellow brown ' +
    'orange bronze purple colour color limited premium turbo tourer touring trade tradie first reliable house ' +
    'kids dogs boat caravan towing camping beach'
  ).split(' '),
);
