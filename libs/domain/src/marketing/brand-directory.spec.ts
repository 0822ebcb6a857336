import {
  brandDirectorySections,
  brandLogoGrid,
  brandOverviewPath,
  brandOverviewSlug,
  brandTile,
} from './brand-directory';

const MANUFACTURERS = [
  { slug: 'toyota', name: 'Toyota', logo: { url: '/media/logos/brands/toyota.svg' } },
  { slug: 'isuzu-ute', name: 'Isuzu UTE', logo: { url: '/media/logos/brands/isuzu-ute.svg' } },
  { slug: 'byd', name: 'BYD', logo: null },
];

describe('brand directory', () => {
  it('links a tile to /{brand slug}/overview', () => {
    expect(brandOverviewPath('isuzu-ute')).toBe('/isuzu-ute/overview');
  });

  it('fills tiles from the manufacturers, leaves out a slug no manufacturer names and drops empty sections', () => {
    const sections = brandDirectorySections(
      [
        { heading: 'Car Brands', brands: ['toyota', 'byd', 'toyota'] },
        { heading: 'Motorcycle Brands', brands: [] },
        { heading: 'Truck Brands', brands: ['hino-trucks'] },
      ],
      MANUFACTURERS,
    );
    expect(sections).toEqual([
      {
        heading: 'Car Brands',
        tiles: [
          { slug: 'toyota', name: 'Toyota', logoUrl: '/media/logos/brands/toyota.svg', href: '/toyota/overview' },
          { slug: 'byd', name: 'BYD', logoUrl: null, href: '/byd/overview' },
        ],
      },
    ]);
    // Never a name guessed from the slug ('Isuzu Ute', 'Byd'): the manufacturer's own spelling or nothing.
    expect(brandDirectorySections([{ heading: 'Truck Brands', brands: ['isuzu-ute'] }], MANUFACTURERS)).toEqual([
      {
        heading: 'Truck Brands',
        tiles: [
          {
            slug: 'isuzu-ute',
            name: 'Isuzu UTE',
            logoUrl: '/media/logos/brands/isuzu-ute.svg',
            href: '/isuzu-ute/overview',
          },
        ],
      },
    ]);
  });

  it('lists every brand with a logo in the logo grid, by name', () => {
    expect(brandLogoGrid(MANUFACTURERS).map((tile) => tile.name)).toEqual(['Isuzu UTE', 'Toyota']);
  });

  it('answers /{brand slug}/overview for a listed brand only', () => {
    const sections = [{ brands: ['toyota', 'isuzu-ute'] }];
    expect(brandOverviewSlug('/isuzu-ute/overview', sections)).toBe('isuzu-ute');
    expect(brandOverviewSlug('/toyota/overview/', sections)).toBe('toyota');
    expect(brandOverviewSlug('/mazda/overview', sections)).toBeNull();
    expect(brandOverviewSlug('/toyota', sections)).toBeNull();
    expect(brandOverviewSlug('/a/toyota/overview', sections)).toBeNull();
    expect(brandOverviewSlug('/%E0%A4%A/overview', sections)).toBeNull();
    expect(brandTile('toyota', MANUFACTURERS)?.name).toBe('Toyota');
    expect(brandTile('hino-trucks', MANUFACTURERS)).toBeNull();
  });
});
