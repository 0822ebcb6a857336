import { searchHref } from './search-paths';
import { applySentence, sentenceFormTarget, sentenceHref, sentenceOf, withoutFacets } from './sentence';
import { EMPTY_SEARCH_STATE, parseSearchQuery, type SearchState } from './url-codec';

const state = (partial: Partial<SearchState>): SearchState => ({ ...EMPTY_SEARCH_STATE, ...partial });

/** The sentence's request for 'white hilux under 50k diesel auto sr5', as the understand endpoint gives it. */
const HILUX = {
  query: 'sr5',
  filters: {
    colour: ['White'],
    make: ['Toyota'],
    make_model: ['Toyota:HiLux'],
    fuel: ['Diesel'],
    transmission: ['Automatic'],
  },
  ranges: { price: ':50000' },
};

describe('a sentence in the search box', () => {
  it('becomes the canonical search URL of its filters, with only the words not understood as the query', () => {
    const href = searchHref(applySentence(EMPTY_SEARCH_STATE, HILUX));
    expect(href).toBe(
      '/search/new-used-and-demo-cars?query=sr5&menu[make]=Toyota&menu[make_model]=Toyota:HiLux' +
        '&refinementList[colour][0]=White&refinementList[fuel][0]=Diesel&refinementList[transmission][0]=Automatic' +
        '&range[price]=:50000',
    );
    // The URL reloads to the same search.
    const [, search] = href.split('?');
    expect(searchHref(parseSearchQuery(new URLSearchParams(search)))).toBe(href);
  });

  it("replaces the page's values of the facets it names, keeps the others and the sort, and starts at page 1", () => {
    const page = state({
      query: 'gxl',
      page: 3,
      sortBy: 'price:asc',
      menu: { make: 'Ford', make_model: 'Ford:Ranger' },
      refinementList: { colour: ['Red'], body: ['ute'], car_type: ['used'] },
      range: { price: '20000:90000', km: ':80000' },
    });
    expect(applySentence(page, HILUX)).toEqual({
      query: 'sr5',
      page: 1,
      sortBy: 'price:asc',
      menu: { make: 'Toyota', make_model: 'Toyota:HiLux' },
      refinementList: {
        colour: ['White'],
        body: ['ute'],
        car_type: ['used'],
        fuel: ['Diesel'],
        transmission: ['Automatic'],
      },
      range: { price: ':50000', km: ':80000' },
    });
  });

  it('a new make drops a model of another make; several makes or models are lists; a condition goes to the path', () => {
    const page = state({ menu: { make: 'Ford', make_model: 'Ford:Ranger' } });
    expect(applySentence(page, { filters: { make: ['Toyota'] }, ranges: {} }).menu).toEqual({ make: 'Toyota' });
    const two = applySentence(EMPTY_SEARCH_STATE, {
      filters: { make: ['Toyota', 'Ford'], make_model: ['Toyota:HiLux', 'Ford:Ranger'], car_type: ['used'] },
      ranges: {},
    });
    expect(searchHref(two)).toBe(
      '/search/used-cars?refinementList[make][0]=Toyota&refinementList[make][1]=Ford' +
        '&refinementList[make_model][0]=Toyota:HiLux&refinementList[make_model][1]=Ford:Ranger',
    );
  });

  it('a sentence that understands nothing stays a plain text search; an empty one clears the text', () => {
    const page = state({ query: 'old', menu: { make: 'Mazda' } });
    expect(applySentence(page, { query: 'apple carplay', filters: {}, ranges: {} })).toEqual(
      state({ query: 'apple carplay', menu: { make: 'Mazda' } }),
    );
    expect(applySentence(page, { filters: {}, ranges: {} }).query).toBe('');
  });

  it("is sent as q to the page's own path with its filters and sort as hidden fields, without the old text or page", () => {
    const page = state({
      query: 'gxl',
      page: 2,
      sortBy: 'price:asc',
      menu: { make: 'Ford' },
      refinementList: { car_type: ['used'] },
    });
    expect(sentenceFormTarget(page)).toEqual({
      action: '/search/used-cars',
      fields: [
        ['menu[make]', 'Ford'],
        ['sortBy', 'price:asc'],
      ],
    });
    expect(sentenceHref(page, 'white ute')).toBe(
      '/search/used-cars?menu%5Bmake%5D=Ford&sortBy=price%3Aasc&q=white+ute',
    );
    expect(sentenceOf({ q: ['a', 'b'] })).toBe('a');
    expect(sentenceOf({ query: 'x' })).toBeNull();
  });

  it('removing a chip drops exactly its facets (menu, list, range or text) and the page', () => {
    const page = state({
      query: 'sr5',
      page: 4,
      menu: { make: 'Toyota', make_model: 'Toyota:HiLux' },
      refinementList: { fuel: ['Diesel'] },
      range: { price: ':50000' },
    });
    expect(withoutFacets(page, ['make', 'make_model'])).toEqual({ ...page, page: 1, menu: {} });
    expect(withoutFacets(page, ['fuel']).refinementList).toEqual({});
    expect(withoutFacets(page, ['price']).range).toEqual({});
    expect(withoutFacets(page, ['query']).query).toBe('');
  });
});
