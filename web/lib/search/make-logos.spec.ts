import { makeLogos } from './make-logos';

const manufacturers = [
  { name: 'Toyota', slug: 'toyota', logo: { url: '/media/logos/brands/toyota.svg' } },
  { name: 'Isuzu UTE', slug: 'isuzu-ute', logo: { url: '/media/logos/brands/isuzu-ute.svg' } },
  { name: 'Mazda', slug: 'mazda', logo: null },
];

describe('makeLogos', () => {
  it('matches a make to a manufacturer by name or slug', () => {
    expect(makeLogos(['Toyota'], manufacturers)).toEqual({ Toyota: '/media/logos/brands/toyota.svg' });
  });

  it("matches a plain make to the manufacturer whose slug extends it (a brand's commercial arm)", () => {
    expect(makeLogos(['Isuzu'], manufacturers)).toEqual({ Isuzu: '/media/logos/brands/isuzu-ute.svg' });
  });

  it('leaves out makes with no manufacturer or no logo', () => {
    expect(makeLogos(['Mazda', 'Kia', 'Is'], manufacturers)).toEqual({});
  });
});
