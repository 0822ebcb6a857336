import {
  changeSearch,
  EMPTY_SEARCH_STATE,
  formatSearchQuery,
  parseSearchQuery,
  setMenu,
  setRange,
  toggleRefinement,
  type SearchState,
} from './url-codec';

const state = (partial: Partial<SearchState>): SearchState => ({ ...EMPTY_SEARCH_STATE, ...partial });

describe('search URL codec (InstantSearch shape)', () => {
  const full = state({
    query: 'hilux sr5',
    page: 3,
    sortBy: 'price:asc',
    menu: { car_type: 'used', make: 'Toyota', make_model: 'Toyota:Hilux' },
    refinementList: { body: ['ute', 'cabChassis'], fuel: ['Diesel'] },
    range: { price: '10000:40000', km: ':80000', year: '2018:' },
  });

  it('round-trips every part of the state', () => {
    expect(parseSearchQuery(new URLSearchParams(formatSearchQuery(full)))).toEqual(full);
  });

  it('writes the InstantSearch keys, brackets and colons readable', () => {
    expect(formatSearchQuery(full)).toBe(
      'query=hilux%20sr5&menu[car_type]=used&menu[make]=Toyota&menu[make_model]=Toyota:Hilux' +
        '&refinementList[body][0]=ute&refinementList[body][1]=cabChassis&refinementList[fuel][0]=Diesel' +
        '&range[price]=10000:40000&range[km]=:80000&range[year]=2018:&sortBy=price:asc&page=3',
    );
  });

  it('omits page 1, the default sort and empty filters', () => {
    expect(formatSearchQuery(state({ page: 1 }))).toBe('');
    expect(formatSearchQuery(state({ page: 2 }))).toBe('page=2');
    expect(parseSearchQuery(new URLSearchParams('page=1')).page).toBe(1);
  });

  it("reads Next's searchParams object, including repeated keys", () => {
    expect(
      parseSearchQuery({
        'refinementList[make][1]': 'Mazda',
        'refinementList[make][0]': 'Toyota',
        'refinementList[fuel][]': ['Diesel', 'Petrol'],
        'menu[make]': 'Kia',
      }),
    ).toEqual(
      state({ refinementList: { make: ['Toyota', 'Mazda'], fuel: ['Diesel', 'Petrol'] }, menu: { make: 'Kia' } }),
    );
  });

  it.each([
    ['page=0', {}],
    ['page=-2', {}],
    ['page=abc', {}],
    ['page=2.5', {}],
    ['page=99999', {}],
    ['sortBy=cheapest', {}],
    ['refinementList[nope][0]=x', {}],
    ['refinementList[make][0]=', {}],
    ['refinementList[make]]=Toyota', {}],
    ['menu[colour]=Red', {}],
    ['range[price]=abc', {}],
    ['range[price]=40000:10000', {}],
    ['range[price]=:', {}],
    ['range[seats]=1:4', {}],
    ['%E0%A4%A=1&utm_source=mail', {}],
    ['query=' + 'x'.repeat(500), { query: 'x'.repeat(200) }],
  ])('ignores malformed or unknown %s', (query, expected) => {
    expect(() => parseSearchQuery(new URLSearchParams(query))).not.toThrow();
    expect(parseSearchQuery(new URLSearchParams(query))).toEqual(state(expected));
  });

  it('normalises range texts', () => {
    expect(parseSearchQuery(new URLSearchParams('range[price]= 5000 : 9000 ')).range).toEqual({ price: '5000:9000' });
  });

  it('drops duplicate values and keeps index order', () => {
    expect(
      parseSearchQuery(
        new URLSearchParams('refinementList[body][1]=ute&refinementList[body][0]=suv&refinementList[body][2]=ute'),
      ).refinementList,
    ).toEqual({
      body: ['suv', 'ute'],
    });
  });

  describe('any filter change drops the page', () => {
    const onPage4 = state({ page: 4, refinementList: { body: ['ute'] } });
    it.each([
      ['a checkbox', toggleRefinement(onPage4, 'fuel', 'Diesel')],
      ['unticking a checkbox', toggleRefinement(onPage4, 'body', 'ute')],
      ['a menu', setMenu(onPage4, 'make', 'Toyota')],
      ['a range', setRange(onPage4, 'price', '1000:2000')],
      ['the sort', changeSearch(onPage4, { sortBy: 'price:desc' })],
      ['the text', changeSearch(onPage4, { query: 'ranger' })],
    ])('%s', (_name, next) => {
      expect(next.page).toBe(1);
      expect(formatSearchQuery(next)).not.toContain('page=');
    });
  });

  it('unticking the last value removes the facet; another make clears the model', () => {
    expect(toggleRefinement(state({ refinementList: { body: ['ute'] } }), 'body', 'ute').refinementList).toEqual({});
    expect(setMenu(state({ menu: { make: 'Toyota', make_model: 'Toyota:Hilux' } }), 'make', 'Ford').menu).toEqual({
      make: 'Ford',
    });
    expect(setMenu(state({ menu: { make: 'Toyota' } }), 'make', null).menu).toEqual({});
    expect(setRange(state({ range: { price: '1:2' } }), 'price', null).range).toEqual({});
  });
});
