import { CarSchema, MODEL_PAGES_PATH, modelSlug } from '@platform/domain';
import { validateCatalogue } from './catalogue';
import { DEMO_BODY_TYPES, DEMO_CATALOGUE } from './data';
import {
  DEMO_IMAGES_PER_BODY,
  DEMO_INTERIOR_IMAGE,
  SPIN_FRAMES,
  generateCars,
  stockPlansFromCatalogue,
  toCarDocument,
  type SeedCar,
} from './generate-cars';
import { Rng, mulberry32 } from './random';

/** The value, or a failed test when it is missing. */
function defined<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`expected a ${what}`);
  return value;
}

const NOW = new Date('2025-11-21T02:00:00Z');

describe('mulberry32', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const first = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(first);
    expect(Array.from({ length: 5 }, () => c())).not.toEqual(first);
    for (const value of first) expect(value >= 0 && value < 1).toBe(true);
  });

  it('Rng.int stays within its bounds, both included', () => {
    const rng = new Rng(7);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(rng.int(1, 6));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('generateCars', () => {
  let cars: SeedCar[];
  const dealershipsOf = (siteSlug: string) =>
    defined(
      DEMO_CATALOGUE.sites.find((s) => s.slug === siteSlug),
      siteSlug,
    ).dealerships;
  const daysOf = new Map(
    DEMO_CATALOGUE.sites.flatMap((s) => s.dealerships.map((d) => [d.slug, d.include_sold_cars_days])),
  );

  beforeAll(() => {
    cars = generateCars({ now: NOW, seed: 1234 });
  });

  it('is deterministic: the same seed and clock give identical cars, another seed different ones', () => {
    expect(generateCars({ now: NOW, seed: 1234 })).toEqual(cars);
    const other = generateCars({ now: NOW, seed: 1235 });
    expect(other.map((c) => c.slug)).not.toEqual(cars.map((c) => c.slug));
    expect(other.map((c) => c.price)).not.toEqual(cars.map((c) => c.price));
  });

  it('takes its clock from `now` only', () => {
    const later = generateCars({ now: new Date(NOW.getTime() + 86_400_000), seed: 1234 });
    expect(later.map((c) => c.slug)).toEqual(cars.map((c) => c.slug));
    expect(later[0].created_at.getTime() - cars[0].created_at.getTime()).toBe(86_400_000);
  });

  it('produces 3,000+ cars', () => {
    expect(cars.length).toBeGreaterThanOrEqual(3000);
  });

  it('keeps stock numbers unique per dealership and slugs unique globally', () => {
    const stock = new Set(cars.map((c) => `${c.dealership_slug}/${c.stocknum}`));
    expect(stock.size).toBe(cars.length);
    expect(new Set(cars.map((c) => c.slug)).size).toBe(cars.length);
    for (const car of cars) expect(car.slug).toMatch(/^\d{4}-[a-z0-9-]+-[a-z]{3}\d{5}$/);
  });

  it('gives every dealership of every site cars, at one of its stock-holding locations', () => {
    for (const site of DEMO_CATALOGUE.sites) {
      for (const dealership of site.dealerships) {
        const own = cars.filter((c) => c.dealership_slug === dealership.slug);
        expect(own.length).toBeGreaterThan(100);
        const yards = new Set(
          dealership.locations.filter((l) => ['', 'sales', 'used'].includes(l.location_type)).map((l) => l.slug),
        );
        for (const car of own) expect(yards.has(car.location_slug)).toBe(true);
      }
    }
  });

  it('sells new and demo cars of the dealership brands only; used stock may be any make', () => {
    const plans = stockPlansFromCatalogue();
    for (const plan of plans) {
      const own = cars.filter((c) => c.dealership_slug === plan.dealership_slug);
      for (const car of own.filter((c) => c.car_type !== 'used')) expect(plan.makes).toContain(car.make);
    }
    const usedMakes = new Set(cars.filter((c) => c.car_type === 'used').map((c) => c.make));
    expect(usedMakes.size).toBeGreaterThan(12);
  });

  it('gives the used-only site and the pre-owned dealership used cars only', () => {
    const usedOnly = [
      ...dealershipsOf('northside-used-cars'),
      ...dealershipsOf('harbour-motor-group').filter((d) => d.slug === 'harbour-pre-owned-seven-hills'),
    ];
    for (const dealership of usedOnly) {
      const own = cars.filter((c) => c.dealership_slug === dealership.slug);
      expect(own.length).toBeGreaterThan(0);
      expect(new Set(own.map((c) => c.car_type))).toEqual(new Set(['used']));
    }
    expect(new Set(cars.map((c) => c.car_type))).toEqual(new Set(['new', 'demo', 'used']));
  });

  it('mixes statuses: in stock, coming soon, sold within the listing window and sold beyond it', () => {
    const byStatus = (status: string) => cars.filter((c) => c.status === status);
    expect(byStatus('in_stock').length / cars.length).toBeGreaterThan(0.7);
    expect(byStatus('coming_soon').length).toBeGreaterThan(50);
    const sold = byStatus('sold');
    const within = sold.filter((c) => defined(c.listed_until).getTime() > NOW.getTime());
    const beyond = sold.filter((c) => defined(c.listed_until).getTime() <= NOW.getTime());
    expect(within.length).toBeGreaterThan(20);
    expect(beyond.length).toBeGreaterThan(20);
    for (const car of sold) {
      expect(car.tag).toBe('SOLD');
      expect(defined(car.sold_date).getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(defined(car.listed_until).getTime() - defined(car.sold_date).getTime()).toBe(
        defined(daysOf.get(car.dealership_slug)) * 86_400_000,
      );
      expect(car.created_at.getTime()).toBeLessThan(defined(car.sold_date).getTime());
    }
    for (const car of cars.filter((c) => c.status !== 'sold')) {
      expect(car.sold_date).toBeNull();
      expect(car.listed_until).toBeNull();
      expect(car.created_at.getTime()).toBeLessThan(NOW.getTime());
    }
  });

  it('prices: mostly priced, some 0 and some null, was-prices above the price, subscriptions on some', () => {
    expect(cars.filter((c) => c.price === 0).length).toBeGreaterThan(10);
    expect(cars.filter((c) => c.price === null).length).toBeGreaterThan(10);
    expect(cars.filter((c) => (c.price ?? 0) > 0).length / cars.length).toBeGreaterThan(0.9);
    const was = cars.filter((c) => c.before_price !== null);
    expect(was.length).toBeGreaterThan(50);
    for (const car of was) expect(car.before_price).toBeGreaterThan(defined(car.price));
    expect(cars.filter((c) => c.subscription_price !== null).length).toBeGreaterThan(20);
    for (const car of cars) if (car.price) expect(car.price % 1000).toBe(990);
  });

  it('ages and kilometres fit the car type', () => {
    const year = NOW.getUTCFullYear();
    for (const car of cars) {
      if (car.car_type === 'new') {
        expect(car.year).toBeGreaterThanOrEqual(year - 1);
        expect(car.km).toBeLessThanOrEqual(25);
      } else if (car.car_type === 'demo') {
        expect(car.year).toBeGreaterThanOrEqual(year - 1);
        expect(car.km).toBeLessThan(10_000);
      } else {
        expect(car.year).toBeGreaterThanOrEqual(2008);
        expect(car.year).toBeLessThanOrEqual(year);
      }
    }
  });

  it('tags, flags and media vary as a real feed does', () => {
    const tags = new Set(cars.map((c) => c.tag));
    for (const tag of ['SOLD', 'Test Drive Only', 'Runout Special', null]) expect(tags.has(tag)).toBe(true);
    expect(cars.some((c) => c.reserved)).toBe(true);
    expect(cars.filter((c) => c.certified).every((c) => c.car_type === 'used')).toBe(true);
    expect(cars.some((c) => c.certified)).toBe(true);
    expect(cars.some((c) => !c.show_on_dealer_website)).toBe(true);
    expect(cars.some((c) => c.data.dealercomments === '')).toBe(true);
    expect(new Set(cars.map((c) => c.simple_fuel))).toEqual(new Set(['Petrol', 'Diesel', 'Hybrid', 'Electric']));
    expect(new Set(cars.map((c) => c.simple_body))).toEqual(new Set(DEMO_BODY_TYPES));

    const problems: string[] = [];
    for (const car of cars) {
      const images = car.data.images as { url: string; thumb: { url: string } }[];
      if (images.length < 1 || images.length > 12) problems.push(`${car.slug}: ${images.length} images`);
      if (car.data.photos_count !== images.length) problems.push(`${car.slug}: photos_count`);
      if (car.data.primary_image_url !== images[0]?.url) problems.push(`${car.slug}: primary_image_url`);
      for (const image of images) {
        const match = /^\/media\/demo\/([A-Za-z]+)-(\d)\.svg$/.exec(image.url);
        if (match?.[1] !== car.simple_body || Number(match[2]) < 1 || Number(match[2]) > DEMO_IMAGES_PER_BODY)
          problems.push(`${car.slug}: ${image.url}`);
        if (image.thumb.url !== `${image.url}?w=320`) problems.push(`${car.slug}: ${image.thumb.url}`);
      }
      const spin = car.data.spin_images as string[] | null;
      if (
        spin &&
        (spin.length !== SPIN_FRAMES || !spin.every((u) => /^\/media\/demo\/\w+-\d\.svg\?angle=\d+$/.test(u)))
      )
        problems.push(`${car.slug}: spin`);
      if (car.data.video_url && !/^https:\/\/www\.youtube\.com\/embed\/[\w-]{11}$/.test(car.data.video_url as string))
        problems.push(`${car.slug}: video`);
    }
    expect(problems).toEqual([]);
    expect(cars.filter((c) => c.data.spin_images).length).toBeGreaterThan(50);
    // The interior view: only on spun cars, from the committed demo asset.
    const interiors = cars.filter((c) => c.data.spin_interior_image);
    expect(interiors.length).toBeGreaterThan(20);
    expect(
      interiors.every((c) => c.data.spin_images && c.data.spin_interior_image === `/media/${DEMO_INTERIOR_IMAGE}`),
    ).toBe(true);
    expect(cars.filter((c) => c.data.video_url).length).toBeGreaterThan(50);
    expect(cars.filter((c) => c.data.file).length).toBeGreaterThan(50);
  });

  it('adds market data to most used cars, lender entries for the site provider and caravan specifications to Jayco', () => {
    const used = cars.filter((c) => c.car_type === 'used');
    expect(used.filter((c) => c.data.autograb_data).length / used.length).toBeGreaterThan(0.75);
    const providers = new Set(cars.flatMap((c) => Object.keys((c.data.finance_lenders as object | null) ?? {})));
    expect(providers).toEqual(new Set(['taurus', 'angle', '360_finance']));
    for (const car of cars.filter((c) => c.data.finance_lenders)) {
      const entry = Object.values(
        car.data.finance_lenders as Record<string, { paymentWeek: number; paymentMonth: number }>,
      )[0];
      expect(entry.paymentWeek).toBeGreaterThan(0);
      expect(entry.paymentMonth).toBeGreaterThan(entry.paymentWeek);
    }
    const jayco = cars.filter((c) => c.make === 'Jayco');
    expect(jayco.length).toBeGreaterThan(0);
    for (const car of jayco)
      expect(car.data.caravan_specifications).toEqual(expect.objectContaining({ sleeps: expect.any(Number) }));
    expect(cars.filter((c) => c.make !== 'Jayco').every((c) => c.data.caravan_specifications === null)).toBe(true);
  });

  it('every car passes the domain CarSchema', () => {
    cars.forEach((car, index) => {
      const result = CarSchema.safeParse(toCarDocument(car, index + 1));
      if (!result.success) throw new Error(`${car.slug}: ${JSON.stringify(result.error.issues[0])}`);
    });
  });

  it('gives every models dropdown new stock, and every link to a model page a model in stock', () => {
    const { sites } = validateCatalogue(DEMO_CATALOGUE);
    const shownOf = (siteSlug: string) => {
      const dealerships = new Set(dealershipsOf(siteSlug).map((d) => d.slug));
      return cars.filter(
        (car) => dealerships.has(car.dealership_slug) && car.status === 'in_stock' && car.show_on_dealer_website,
      );
    };
    const menus = Object.entries(sites).filter(([, config]) =>
      config.navigation.header.some((item) => item.models_menu && !item.children?.length),
    );
    // The single-brand site's Vehicles dropdown is the one the specification names (D-MAX, MU-X).
    expect(menus.length).toBeGreaterThanOrEqual(1);
    for (const [siteSlug] of menus) {
      const models = new Set(
        shownOf(siteSlug)
          .filter((car) => car.car_type === 'new')
          .map((car) => modelSlug(car.model)),
      );
      expect({ siteSlug, atLeastTwoModels: models.size >= 2 }).toEqual({ siteSlug, atLeastTwoModels: true });
    }
    const links = Object.entries(sites).flatMap(([siteSlug, config]) =>
      config.navigation.header
        .flatMap((item) => [item, ...(item.children ?? [])])
        .filter((item) => item.href.startsWith(`${MODEL_PAGES_PATH}/`))
        .map((item) => ({ siteSlug, slug: item.href.slice(MODEL_PAGES_PATH.length + 1) })),
    );
    for (const { siteSlug, slug } of links) {
      expect({ siteSlug, slug, inStock: shownOf(siteSlug).some((car) => modelSlug(car.model) === slug) }).toEqual({
        siteSlug,
        slug,
        inStock: true,
      });
    }
  });

  it('refuses an invalid clock and clashing stock prefixes', () => {
    expect(() => generateCars({ now: new Date('nope') })).toThrow(/valid `now`/);
    const [plan] = stockPlansFromCatalogue();
    expect(() => generateCars({ now: NOW, plans: [plan, { ...plan, dealership_slug: 'other' }] })).toThrow(/prefix/);
  });
});
