import { displayedResultCount } from './result-count';

describe('result count (spec 000 §9: above 1999 replaced)', () => {
  const types = { new: 1200, demo: 300, used: 1100 };
  it('shows counts up to 1999 as they are', () => {
    expect(displayedResultCount(1999, types, [], null)).toBe(1999);
  });
  it('above 1999 shows the configured stock count', () => {
    expect(displayedResultCount(2600, types, [], 2500)).toBe(2500);
  });
  it('above 1999 without one sums the facet counts of the chosen car types', () => {
    expect(displayedResultCount(2600, types, [], null)).toBe(2600);
    expect(displayedResultCount(2300, types, ['new', 'used'], null)).toBe(2300);
    expect(displayedResultCount(2100, {}, [], null)).toBe(2100);
  });
});
