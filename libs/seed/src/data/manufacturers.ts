import { PLATFORM_DEFAULTS } from '@platform/domain';
import type { ManufacturerSeed } from './types';

/** The brand's logo, served by the API from assets/logos/brands. */
export const brandLogoUrl = (slug: string): string => `/media/logos/brands/${slug}.svg`;

const ISUZU_CLAIMS = [
  'Isuzu UTE flat-price servicing: your first 5 scheduled services, up to 5 years or 75,000 km',
  '6 year / 150,000 km warranty',
  'Roadside assistance for up to 7 years, renewed for 13 months at each scheduled service',
];

/**
 * Brands. The ones the demo dealerships sell new carry a configuration layer (brand colours,
 * brand claims); makes that only turn up in used stock are listed so make tiles get a logo.
 */
export const DEMO_MANUFACTURERS: ManufacturerSeed[] = [
  {
    slug: 'toyota',
    name: 'Toyota',
    make: 'Toyota',
    tile: { background: '#eb0a1e', text: '#ffffff' },
    config: {
      theme: { accent_colour: '#eb0a1e' },
      marketing: { claims: ['5 year unlimited km warranty', 'Capped price servicing'] },
    },
  },
  {
    slug: 'mazda',
    name: 'Mazda',
    make: 'Mazda',
    tile: { background: '#101010', text: '#ffffff' },
    config: {
      theme: { accent_colour: '#910a2d' },
      marketing: { claims: ['5 year unlimited km warranty', '5 years roadside assistance'] },
    },
  },
  {
    slug: 'hyundai',
    name: 'Hyundai',
    make: 'Hyundai',
    tile: { background: '#002c5f', text: '#ffffff' },
    config: { theme: { accent_colour: '#00aad2' } },
  },
  {
    slug: 'kia',
    name: 'Kia',
    make: 'Kia',
    tile: { background: '#05141f', text: '#ffffff' },
    config: {
      theme: { accent_colour: '#bb162b' },
      marketing: { claims: ['7 year unlimited km warranty', '7 years capped price servicing'] },
    },
  },
  {
    slug: 'subaru',
    name: 'Subaru',
    make: 'Subaru',
    tile: { background: '#013c74', text: '#ffffff' },
    config: {
      // Spec 001 §9: the sidebar button takes Subaru's brand colour.
      theme: {
        accent_colour: '#00adee',
        brand_button_colours: { ...PLATFORM_DEFAULTS.theme.brand_button_colours, subaru: '#00adee' },
      },
    },
  },
  {
    slug: 'isuzu-ute',
    name: 'Isuzu UTE',
    make: 'Isuzu',
    tile: { background: '#c00000', text: '#ffffff' },
    config: { theme: { accent_colour: '#c00000' }, marketing: { claims: ISUZU_CLAIMS } },
  },
  {
    slug: 'ford',
    name: 'Ford',
    make: 'Ford',
    tile: { background: '#003478', text: '#ffffff' },
    config: { theme: { accent_colour: '#066fef' } },
  },
  {
    slug: 'mg',
    name: 'MG',
    make: 'MG',
    tile: { background: '#7a1f1f', text: '#ffffff' },
    config: { theme: { accent_colour: '#c8102e' }, marketing: { claims: ['10 year / 250,000 km warranty'] } },
  },
  {
    slug: 'byd',
    name: 'BYD',
    make: 'BYD',
    tile: { background: '#e9ecef', text: '#1f1f1f' },
    config: { theme: { accent_colour: '#2d7d9a' }, features: { fuel_calculator_enabled: false } },
  },
  { slug: 'nissan', name: 'Nissan', make: 'Nissan', tile: { background: '#c3002f', text: '#ffffff' }, config: {} },
  {
    slug: 'mitsubishi',
    name: 'Mitsubishi',
    make: 'Mitsubishi',
    tile: { background: '#e60012', text: '#ffffff' },
    config: {},
  },
  { slug: 'holden', name: 'Holden', make: 'Holden', tile: { background: '#8b0000', text: '#f2c200' }, config: {} },
  {
    slug: 'volkswagen',
    name: 'Volkswagen',
    make: 'Volkswagen',
    tile: { background: '#001e50', text: '#ffffff' },
    config: {},
  },
  { slug: 'honda', name: 'Honda', make: 'Honda', tile: { background: '#cc0000', text: '#ffffff' }, config: {} },
  { slug: 'suzuki', name: 'Suzuki', make: 'Suzuki', tile: { background: '#1f3f8f', text: '#ffffff' }, config: {} },
  { slug: 'jeep', name: 'Jeep', make: 'Jeep', tile: { background: '#3b4a2a', text: '#ffffff' }, config: {} },
  {
    slug: 'mercedes-benz',
    name: 'Mercedes-Benz',
    make: 'Mercedes-Benz',
    tile: { background: '#333333', text: '#ffffff' },
    config: {},
  },
  { slug: 'bmw', name: 'BMW', make: 'BMW', tile: { background: '#1c69d4', text: '#ffffff' }, config: {} },
  { slug: 'audi', name: 'Audi', make: 'Audi', tile: { background: '#000000', text: '#ffffff' }, config: {} },
  { slug: 'tesla', name: 'Tesla', make: 'Tesla', tile: { background: '#cc0000', text: '#ffffff' }, config: {} },
  { slug: 'jayco', name: 'Jayco', make: 'Jayco', tile: { background: '#0a4d8c', text: '#ffffff' }, config: {} },
  // The group's motorcycle brand: named in its brand directory, so it needs its own name and logo.
  { slug: 'yamaha', name: 'Yamaha', make: 'Yamaha', tile: { background: '#1b2f7a', text: '#ffffff' }, config: {} },
];
