import { filterMakes, makeDirectory, modelsOfMake } from './make-directory';

const counts = { Toyota: 50, Mazda: 30, Kia: 30, Ford: 20, Hyundai: 10, Isuzu: 8, MG: 6, BYD: 5, Subaru: 4, Audi: 0 };

describe('make directory', () => {
  it('collapses to the popular-makes count, most stock first', () => {
    const directory = makeDirectory(counts, { popularMakes: [], popularCount: 7 });
    expect(directory.popular).toEqual(['Toyota', 'Kia', 'Mazda', 'Ford', 'Hyundai', 'Isuzu', 'MG']);
    expect(directory.all).toEqual(['BYD', 'Ford', 'Hyundai', 'Isuzu', 'Kia', 'Mazda', 'MG', 'Subaru', 'Toyota']);
    expect(directory.hasMore).toBe(true);
  });

  it('uses a configured popular list in its order', () => {
    expect(makeDirectory(counts, { popularMakes: ['Subaru', 'Nissan', 'Ford'], popularCount: 7 }).popular).toEqual([
      'Subaru',
      'Ford',
    ]);
  });

  it('has nothing more when every make is popular', () => {
    expect(makeDirectory({ Isuzu: 3 }, { popularMakes: [], popularCount: 20 }).hasMore).toBe(false);
  });

  it('filters by the directory search text', () => {
    expect(filterMakes(['Toyota', 'Mazda', 'MG'], 'm')).toEqual(['Mazda', 'MG']);
    expect(filterMakes(['Toyota'], '  ')).toEqual(['Toyota']);
  });

  it('lists a make’s models, at most the limit', () => {
    const models = { 'Toyota:Hilux': 3, 'Toyota:Corolla': 2, 'Mazda:CX-5': 1, 'Toyota:Camry': 0 };
    expect(modelsOfMake(models, 'Toyota', 30)).toEqual([
      { model: 'Corolla', value: 'Toyota:Corolla', count: 2 },
      { model: 'Hilux', value: 'Toyota:Hilux', count: 3 },
    ]);
    expect(modelsOfMake(models, 'Toyota', 1)).toHaveLength(1);
  });
});
