import type { DemoBodyType } from './types';

export const COLOURS: ReadonlyArray<readonly [colour: string, weight: number]> = [
  ['White', 30],
  ['Silver', 12],
  ['Grey', 16],
  ['Black', 12],
  ['Blue', 9],
  ['Red', 7],
  ['Green', 3],
  ['Bronze', 3],
  ['Orange', 2],
  ['Yellow', 1],
  ['Brown', 2],
];

export const INTERIOR_COLOURS = [
  'Black Cloth',
  'Black Leather',
  'Grey Cloth',
  'Charcoal Leather-Accented',
  'Tan Leather',
  'Black Synthetic Leather',
];

export const STANDARD_EQUIPMENT = [
  'Apple CarPlay',
  'Android Auto',
  'Reversing Camera',
  'Autonomous Emergency Braking',
  'Lane Keep Assist',
  'Blind Spot Monitor',
  'Rear Cross Traffic Alert',
  'Adaptive Cruise Control',
  'Front Parking Sensors',
  'Rear Parking Sensors',
  'Keyless Entry',
  'Push Button Start',
  'Dual-Zone Climate Control',
  'LED Headlights',
  'Alloy Wheels',
  'Digital Radio (DAB+)',
  'Bluetooth Connectivity',
  'Satellite Navigation',
  'Heated Front Seats',
  'Power Tailgate',
  'Wireless Phone Charger',
  'Head-Up Display',
  '360 Degree Camera',
  'Tyre Pressure Monitor',
  '7 Airbags',
  'Electronic Stability Control',
  'Traction Control',
  'Hill Descent Control',
  'Trailer Sway Control',
  'Auto High Beam',
];

export const FEATURES_BY_BODY: Readonly<Record<DemoBodyType, readonly string[]>> = {
  suv: [
    'Roof Rails',
    'Third Row Seating',
    'Panoramic Sunroof',
    'Tow Bar',
    'Cargo Blind',
    'Roof Racks',
    'Tinted Windows',
    'All-Weather Mats',
  ],
  ute: [
    'Tub Liner',
    'Tow Bar',
    'Bull Bar',
    'Nudge Bar',
    'Roller Shutter',
    'Canopy',
    'Snorkel',
    'Side Steps',
    'Sports Bar',
    'Long Range Fuel Tank',
    'Electric Brake Controller',
  ],
  hatch: ['Sports Pedals', 'Rear Spoiler', 'Tinted Windows', 'Carpet Mats', 'Paint Protection'],
  sedan: ['Rear Spoiler', 'Sunroof', 'Tinted Windows', 'Paint Protection', 'Premium Sound System'],
  wagon: ['Roof Rails', 'Tow Bar', 'Cargo Barrier', 'Roof Racks', 'Tinted Windows'],
  van: ['Cargo Barrier', 'Shelving', 'Ladder Racks', 'Rubber Floor', 'Tow Bar', 'Sliding Side Door'],
  cabChassis: ['Alloy Tray', 'Steel Tray', 'Toolboxes', 'Headboard', 'Tow Bar', 'Bull Bar', 'Canopy'],
  peopleMover: ['Rear Entertainment', 'Power Sliding Doors', 'Third Row Seating', 'Tow Bar', 'Tinted Windows'],
  coupe: ['Sports Exhaust', 'Performance Brakes', 'Sports Seats', 'Paint Protection'],
  convertible: ['Power Soft Top', 'Wind Deflector', 'Sports Seats', 'Premium Sound System'],
  motorhome: [
    'Solar Panels',
    'Diesel Heater',
    'Awning',
    'Shower and Toilet',
    'Reverse Cycle Air Conditioner',
    'Bike Rack',
    '12V Fridge',
    'Hot Water System',
    'Queen Bed',
  ],
};

export const COMMENT_OPENERS = [
  'Just arrived and ready for a new home.',
  'Be quick, vehicles like this do not last long.',
  'Presented in excellent condition inside and out.',
  'A great opportunity to get into a quality vehicle.',
  'Serviced, detailed and ready to drive away today.',
  'Priced to sell and backed by our buying promise.',
];

export const COMMENT_DETAILS = [
  'It comes with a full service history and the balance of the factory warranty where applicable.',
  'Our team has completed a multi-point safety inspection and it comes with a roadworthy certificate.',
  'Finance is available on approved credit and trade-ins are welcome; ask us for a valuation today.',
  'Comfortable, economical and loaded with safety technology, it suits families and commuters alike.',
  'Comes with two keys, owner manuals and a fresh detail inside and out.',
  'Ideal for towing, weekends away or the daily grind on the worksite.',
  'Delivery can be arranged Australia-wide; ask us for a quote to your door.',
  'Book a test drive today and our team will have it ready when you arrive.',
];

export const COMMENT_CLOSERS = [
  'Call us or send an enquiry to arrange an inspection.',
  'Visit our showroom seven days a week or enquire online now.',
  'Contact our friendly sales team today.',
  'Enquire now to secure it before someone else does.',
];

export const HOTSPOT_NOTES = [
  'Alloy wheels',
  'LED headlights',
  'Tow bar fitted',
  'Minor stone chip',
  'Roof racks',
  'Premium paint',
  'Leather trim',
  'Infotainment screen',
];

export const CUSTOM_TAGS: Readonly<Record<'new' | 'demo' | 'used', readonly string[]>> = {
  new: ['Runout Special', 'Drive Away', 'Just Arrived', 'Price Drop'],
  demo: ['Demo Clearance', 'Drive Away', 'Price Drop'],
  used: ['Low Kms', 'One Owner', 'Price Drop', 'Just Arrived', 'Full Service History'],
};
