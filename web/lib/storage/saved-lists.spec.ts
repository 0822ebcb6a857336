import {
  addToList,
  FAVOURITES,
  isInList,
  parseSavedList,
  RECENTLY_VIEWED,
  removeFromList,
  SEARCH_HISTORY,
  type FavouriteEntry,
} from './saved-lists';

const car = (id: number): FavouriteEntry => ({
  id,
  name: `Car ${id}`,
  slug: `car-${id}`,
  make: 'Toyota',
  model: 'Hilux',
  primary_image_url: null,
});

describe('saved lists in local storage', () => {
  it('reads nothing from missing, corrupt or foreign values', () => {
    expect(parseSavedList(FAVOURITES, null)).toEqual([]);
    expect(parseSavedList(FAVOURITES, '{not json')).toEqual([]);
    expect(parseSavedList(FAVOURITES, '{"id":1}')).toEqual([]);
    expect(parseSavedList(FAVOURITES, JSON.stringify([car(1), { id: 'x' }, car(2)]))).toEqual([car(1), car(2)]);
  });

  it('keeps the favourite entry shape of spec 000 and no duplicates', () => {
    const list = addToList(FAVOURITES, addToList(FAVOURITES, [], car(1)), car(1));
    expect(list).toEqual([car(1)]);
    expect(Object.keys(list[0] as FavouriteEntry).sort()).toEqual([
      'id',
      'make',
      'model',
      'name',
      'primary_image_url',
      'slug',
    ]);
    expect(isInList(FAVOURITES, list, '1')).toBe(true);
    expect(removeFromList(FAVOURITES, list, '1')).toEqual([]);
  });

  it('search history keeps the last 5 searches, newest first', () => {
    let history = [] as { href: string; label: string }[];
    for (let i = 1; i <= 7; i += 1)
      history = addToList(SEARCH_HISTORY, history, { href: `/search/new-cars?page=${i}`, label: `${i}` });
    expect(history.map((h) => h.label)).toEqual(['7', '6', '5', '4', '3']);
    history = addToList(SEARCH_HISTORY, history, { href: '/search/new-cars?page=4', label: '4 again' });
    expect(history.map((h) => h.label)).toEqual(['4 again', '7', '6', '5', '3']);
  });
});

describe('recently viewed cars', () => {
  it('keep the viewed-car record of spec 000 and drop stray fields', () => {
    const raw = JSON.stringify([
      { id: 3, stocknum: 'A3', make: 'Kia', model: 'Sportage', body: 'SUV', simple_body: 'suv', price: 1 },
      { id: 4 },
    ]);
    expect(parseSavedList(RECENTLY_VIEWED, raw)).toEqual([
      { id: 3, stocknum: 'A3', make: 'Kia', model: 'Sportage', body: 'SUV', simple_body: 'suv' },
    ]);
  });
});
