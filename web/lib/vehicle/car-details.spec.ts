import {
  allSpecs,
  carBreadcrumbs,
  carStructuredData,
  jsonLd,
  keySpecs,
  metaDescription,
  vehicleDetails,
} from './car-details';

const car = {
  name: '2022 Toyota HiLux SR5',
  slug: '2022-toyota-hilux-sr5-hth10001',
  year: 2022,
  make: 'Toyota',
  model: 'HiLux',
  badge: 'SR5',
  car_type: 'used' as const,
  status: 'in_stock' as const,
  stocknum: 'HTH10001',
  km: 45000,
  simple_transmission: 'Automatic',
  simple_fuel: 'Diesel',
  body: 'Ute',
  vin: 'MR0FB8CD000000001',
  colour: 'White',
  variant: { enginesize_litres: 2.8, cylinders: 4, towingcapacitybraked: 3500 },
};

describe('spec rows', () => {
  it('leads the key information with odometer, transmission, fuel and body', () => {
    expect(keySpecs(car).slice(0, 4)).toEqual([
      { label: 'Odometer', value: '45,000 km' },
      { label: 'Transmission', value: 'Automatic' },
      { label: 'Fuel', value: 'Diesel' },
      { label: 'Body', value: 'Ute' },
    ]);
  });

  it('leaves out what the feed did not give', () => {
    const specs = allSpecs(car);
    expect(specs).toContainEqual({ label: 'Engine size', value: '2.8 L' });
    expect(specs).toContainEqual({ label: 'Towing capacity (braked)', value: '3,500 kg' });
    expect(specs.some((s) => s.label === 'Seats')).toBe(false);
  });

  it('prints the dealer licence as DL#', () => {
    expect(vehicleDetails(car, { dealerLicence: 'MD12345' })).toContainEqual({
      label: 'Dealer licence',
      value: 'DL# MD12345',
    });
  });
});

describe('carBreadcrumbs (spec 001 screen 10)', () => {
  it('goes Home, car type, make, model, car', () => {
    expect(carBreadcrumbs(car, 'Pre-Owned').map((c) => [c.label, c.href])).toEqual([
      ['Home', '/'],
      ['Pre-Owned Cars', '/search/used-cars'],
      ['Toyota', '/search/toyota'],
      ['HiLux', '/search/toyota/hilux'],
      ['2022 Toyota HiLux SR5', '/cars/2022-toyota-hilux-sr5-hth10001'],
    ]);
  });
});

describe('structured data', () => {
  const data = carStructuredData({
    car,
    url: 'https://x.example/cars/a',
    images: ['https://x.example/1.jpg'],
    priceAmount: 45990,
    dealer: { name: 'Harbour Toyota', phone: '02 9000 0000', city: 'Homebush' },
  });

  it('is a schema.org Car with price, mileage, VIN, images and the dealer', () => {
    expect(data).toMatchObject({
      '@type': 'Car',
      vehicleIdentificationNumber: 'MR0FB8CD000000001',
      mileageFromOdometer: { value: 45000, unitCode: 'KMT' },
      image: ['https://x.example/1.jpg'],
      offers: {
        price: 45990,
        priceCurrency: 'AUD',
        availability: 'https://schema.org/InStock',
        seller: { '@type': 'AutoDealer', name: 'Harbour Toyota' },
      },
    });
  });

  it('escapes < so text cannot close the script element', () => {
    expect(jsonLd({ name: '</script><script>alert(1)</script>' })).not.toContain('<');
  });
});

it('describes the car for search engines', () => {
  expect(metaDescription(car, '$45,990', 'Harbour Toyota', 'Homebush')).toBe(
    '2022 Toyota HiLux SR5 (45,000 km, Automatic, Diesel) for $45,990 at Harbour Toyota, Homebush.',
  );
});
