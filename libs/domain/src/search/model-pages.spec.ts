import {
  matchModelSlug,
  modelPagePath,
  modelsMenu,
  modelSlug,
  MODELS_MENU_LIMIT,
  modelTitle,
  sameModel,
  stockModels,
  type StockModel,
} from './model-pages';

const STOCK: StockModel[] = [
  { make: 'Isuzu', model: 'D-MAX', count: 120 },
  { make: 'Isuzu', model: 'MU-X', count: 40 },
  { make: 'Mazda', model: 'CX-5', count: 9 },
  { make: 'Mazda', model: 'CX5', count: 1 },
  { make: 'Toyota', model: 'HiLux', count: 3 },
];

describe('model slugs', () => {
  it('lower-cases and keeps the punctuation as hyphens', () => {
    expect(modelSlug('D-MAX')).toBe('d-max');
    expect(modelSlug('MU-X')).toBe('mu-x');
    expect(modelSlug('Ranger Raptor')).toBe('ranger-raptor');
    expect(modelPagePath('D-MAX')).toBe('/models/d-max');
  });

  it('compares spellings without case or punctuation', () => {
    expect(sameModel('d-max', 'D-MAX')).toBe(true);
    expect(sameModel('dmax', 'D-MAX')).toBe(true);
    expect(sameModel('D MAX', 'd_max')).toBe(true);
    expect(sameModel('mu-x', 'D-MAX')).toBe(false);
    expect(sameModel('---', '')).toBe(false);
  });
});

describe('stockModels', () => {
  it('reads make_model facet values', () => {
    expect(stockModels({ 'Isuzu:D-MAX': 3, 'Isuzu:MU-X': 1 })).toEqual([
      { make: 'Isuzu', model: 'D-MAX', count: 3 },
      { make: 'Isuzu', model: 'MU-X', count: 1 },
    ]);
  });

  it('drops values without a make or a model, and empty counts', () => {
    expect(stockModels({ ':D-MAX': 2, 'Isuzu:': 2, Isuzu: 2, 'Isuzu:MU-X': 0 })).toEqual([]);
  });
});

describe('matchModelSlug', () => {
  it('finds the model of a slug whatever its case or punctuation', () => {
    expect(matchModelSlug(STOCK, 'd-max')).toEqual(STOCK[0]);
    expect(matchModelSlug(STOCK, 'D-MAX')).toEqual(STOCK[0]);
    expect(matchModelSlug(STOCK, 'dmax')).toEqual(STOCK[0]);
    expect(matchModelSlug(STOCK, 'mu-x')).toEqual(STOCK[1]);
    expect(matchModelSlug(STOCK, 'hilux')).toEqual(STOCK[4]);
  });

  it('prefers the exact slug to a looser match', () => {
    expect(matchModelSlug(STOCK, 'cx5')).toEqual(STOCK[3]);
    expect(matchModelSlug(STOCK, 'cx-5')).toEqual(STOCK[2]);
  });

  it('picks the make with more cars when two share a model name, then the make name', () => {
    const shared: StockModel[] = [
      { make: 'Beta', model: 'Ute', count: 2 },
      { make: 'Alpha', model: 'Ute', count: 5 },
      { make: 'Gamma', model: 'Ute', count: 5 },
    ];
    expect(matchModelSlug(shared, 'ute')?.make).toBe('Alpha');
  });

  it('answers null for a model the stock does not have', () => {
    expect(matchModelSlug(STOCK, 'no-such-model')).toBeNull();
    expect(matchModelSlug(STOCK, '')).toBeNull();
    expect(matchModelSlug([], 'd-max')).toBeNull();
  });
});

describe('modelTitle', () => {
  it('puts the make before the model', () => {
    expect(modelTitle({ make: 'Isuzu', model: 'D-MAX' })).toBe('Isuzu D-MAX');
  });

  it('does not repeat a make the model name already has', () => {
    expect(modelTitle({ make: 'Mazda', model: 'Mazda 3' })).toBe('Mazda 3');
  });
});

describe('modelsMenu', () => {
  const isuzu = [
    { make: 'Isuzu', model: 'MU-X', count: 40 },
    { make: 'Isuzu', model: 'D-MAX', count: 120 },
  ];

  it('lists one make by model name, alphabetically, each to its page', () => {
    expect(modelsMenu(isuzu)).toEqual([
      { label: 'D-MAX', href: '/models/d-max' },
      { label: 'MU-X', href: '/models/mu-x' },
    ]);
  });

  it('names the make when the list spans several', () => {
    expect(modelsMenu([...isuzu, { make: 'Toyota', model: 'HiLux', count: 3 }]).map((entry) => entry.label)).toEqual([
      'Isuzu D-MAX',
      'Isuzu MU-X',
      'Toyota HiLux',
    ]);
  });

  it('keeps the best-stocked models up to the limit, and one entry per page', () => {
    const many = Array.from({ length: 40 }, (_, index) => ({
      make: 'Kia',
      model: `Model ${String(index).padStart(2, '0')}`,
      count: index + 1,
    }));
    const menu = modelsMenu([...many, { make: 'Hyundai', model: 'model-39', count: 1 }]);
    expect(menu).toHaveLength(MODELS_MENU_LIMIT);
    expect(menu[0]).toEqual({ label: 'Model 10', href: '/models/model-10' });
    expect(menu.filter((entry) => entry.href === '/models/model-39')).toEqual([
      { label: 'Model 39', href: '/models/model-39' },
    ]);
    expect(modelsMenu(many, 3).map((entry) => entry.label)).toEqual(['Model 37', 'Model 38', 'Model 39']);
  });

  it('is empty without stock', () => {
    expect(modelsMenu([])).toEqual([]);
  });
});
