import { contactSlug } from './contact-slug';

describe('contactSlug (spec 001 §2: /contact-us/{slug} without the department suffix)', () => {
  it.each([
    ['Werribee Toyota Sales', 'werribee-toyota'],
    ['Werribee Toyota Service', 'werribee-toyota'],
    ['Werribee Toyota Parts', 'werribee-toyota'],
    ['Werribee Toyota SALES', 'werribee-toyota'],
    ['Werribee Toyota parts  ', 'werribee-toyota'],
    ['Werribee Toyota', 'werribee-toyota'],
    // Only the last word is a suffix.
    ['Harbour Mazda Sales & Service', 'harbour-mazda-sales'],
    ['Salesforce Motors', 'salesforce-motors'],
    ['Northside Wholesales', 'northside-wholesales'],
    ['Parts Plus Service Parts', 'parts-plus-service'],
    ['Sales', 'sales'],
    ['Geelong Isuzu UTE+ Sales', 'geelong-isuzu-ute-plus'],
  ])('%p -> %p', (name, slug) => {
    expect(contactSlug(name)).toBe(slug);
  });
});
