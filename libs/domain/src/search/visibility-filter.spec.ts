import { passesVisibilityFilters, parseVisibilityFilters } from './visibility-filter';

type Doc = Parameters<typeof passesVisibilityFilters>[0];
const doc = (fields: Partial<Doc>): Doc => fields as Doc;

describe("passesVisibilityFilters (a site's visibility filters on one car, as the engines apply them)", () => {
  const used = doc({ car_type: 'used', make: 'Toyota', stocknum: 'A1', categories: ['ute', '4x4'] });

  it('passes every car when the site has no filters', () => {
    expect(passesVisibilityFilters(used, [])).toBe(true);
  });

  it("keeps only the named values of an 'only' field (OR within a field, AND across fields)", () => {
    expect(passesVisibilityFilters(used, parseVisibilityFilters(['car_type:used']))).toBe(true);
    expect(passesVisibilityFilters(used, parseVisibilityFilters(['car_type:new', 'car_type:used']))).toBe(true);
    expect(passesVisibilityFilters(used, parseVisibilityFilters(['car_type:new']))).toBe(false);
    expect(passesVisibilityFilters(used, parseVisibilityFilters(['car_type:used', 'make:Suzuki']))).toBe(false);
    expect(passesVisibilityFilters(doc({ car_type: null }), parseVisibilityFilters(['car_type:used']))).toBe(false);
  });

  it('hides excluded values; a car without the field is not excluded', () => {
    expect(passesVisibilityFilters(used, parseVisibilityFilters(['-make:Suzuki']))).toBe(true);
    expect(passesVisibilityFilters(used, parseVisibilityFilters(['-make:Toyota']))).toBe(false);
    expect(passesVisibilityFilters(used, parseVisibilityFilters(['-stocknum:A1']))).toBe(false);
    expect(passesVisibilityFilters(doc({ make: null }), parseVisibilityFilters(['-make:Toyota']))).toBe(true);
  });

  it('matches multi-value facets on any overlap', () => {
    expect(passesVisibilityFilters(used, parseVisibilityFilters(['categories:4x4']))).toBe(true);
    expect(passesVisibilityFilters(used, parseVisibilityFilters(['categories:suv']))).toBe(false);
    expect(passesVisibilityFilters(used, parseVisibilityFilters(['-categories:ute']))).toBe(false);
  });
});
