import { siteConfigFormSchema } from '@platform/domain';
import { emptyValue, fieldKind, itemNoun, variantIndex, variantLabel, type SchemaNode } from './schema-node';

const full = siteConfigFormSchema('full') as SchemaNode;
const field = (group: string, name: string) => full.properties![group]!.properties![name]!;

describe('fieldKind on the real layer schema', () => {
  it.each([
    ['theme', 'primary_colour', 'colour'],
    ['theme', 'button_style', 'enum'],
    ['theme', 'brand_button_colours', 'record'],
    ['theme', 'logo_url', 'text'],
    ['buttons', 'show_reserve', 'boolean'],
    ['finance', 'amount_step', 'number'],
    ['finance', 'comparison_rate_range', 'nullable'],
    ['marketing', 'offers', 'array'],
    ['phone', 'numbers', 'object'],
    ['navigation', 'header', 'union'],
    ['reservations', 'terms_text', 'text'],
  ])('%s.%s is drawn as %s', (group, name, kind) => {
    expect(fieldKind(field(group, name)).kind).toBe(kind);
  });

  it('takes number bounds and step from the schema', () => {
    expect(fieldKind(field('reservations', 'dealer_response_hours'))).toMatchObject({
      kind: 'number',
      min: 0.25,
      max: 72,
      step: 0.25,
    });
    expect(fieldKind(field('search', 'hits_per_page'))).toMatchObject({ min: 1, max: 100, step: 1 });
  });

  it('draws long or prose text as a text area, short text as one line', () => {
    expect(fieldKind(field('reservations', 'terms_text'))).toMatchObject({ multiline: true });
    expect(fieldKind(field('marketing', 'servicing_hero_text'))).toMatchObject({ multiline: true });
    expect(fieldKind(field('wording', 'tagline'))).toMatchObject({ multiline: false });
  });

  it('keeps the title and help of a nullable field on its inner control', () => {
    const kind = fieldKind(field('search', 'stock_count_override'));
    expect(kind.kind).toBe('nullable');
    if (kind.kind !== 'nullable') return;
    expect(kind.inner).toMatchObject({ type: 'integer', title: 'Stock count override' });
    expect(kind.inner.description).toMatch(/^Stock count shown/);
  });

  it('draws a date as a date input and a date-or-instant as a choice', () => {
    const popup = fieldKind(field('marketing', 'popup'));
    if (popup.kind !== 'nullable') throw new Error('popup is nullable');
    expect(fieldKind(popup.inner.properties!['expiry']!).kind).toBe('date');
    const banner = field('marketing', 'banners').items!;
    expect(fieldKind(banner.properties!['start']!).kind).toBe('union');
  });
});

describe('variantIndex and variantLabel', () => {
  const header = fieldKind(field('navigation', 'header'));
  const variants = header.kind === 'union' ? header.variants : [];

  it('picks the variant of the value', () => {
    expect(variants.map(variantLabel)).toEqual(['Replace the list', 'Edit the inherited list']);
    expect(variantIndex(variants, [])).toBe(0);
    expect(variantIndex(variants, { remove: ['Finance'] })).toBe(1);
    expect(variantIndex(variants, undefined)).toBe(0);
  });

  it('tells a date from a date and time', () => {
    const dates: SchemaNode[] = [
      { type: 'string', format: 'date' },
      { type: 'string', format: 'date-time' },
    ];
    expect(variantIndex(dates, '2025-12-24')).toBe(0);
    expect(variantIndex(dates, '2025-12-24T09:00:00+11:00')).toBe(1);
    expect(dates.map(variantLabel)).toEqual(['Date', 'Date and time']);
  });
});

describe('emptyValue', () => {
  it('fills a new list entry with what the schema requires', () => {
    const slide = field('marketing', 'promotions_slider').items!;
    expect(Object.keys(emptyValue(slide) as object).sort()).toEqual([...(slide.required ?? [])].sort());
    expect(
      emptyValue({
        type: 'object',
        properties: { per: { type: 'string', enum: ['once', 'month'] } },
        required: ['per'],
      }),
    ).toEqual({
      per: 'once',
    });
  });

  it('starts numbers at their minimum and colours at black', () => {
    expect(emptyValue({ type: 'integer', minimum: 3 })).toBe(3);
    expect(emptyValue(field('theme', 'primary_colour'))).toBe('#000000');
  });
});

describe('itemNoun', () => {
  it("uses the entry's title, else the list's", () => {
    expect(itemNoun(field('marketing', 'promotions_slider'))).toBe('slide');
    expect(itemNoun(field('leads', 'notify_emails'))).toBe('notify emails item');
  });
});

describe('fieldKind of a nullable scalar written as a type list', () => {
  it("draws `type: ['string', 'null']` as a nullable text field", () => {
    const kind = fieldKind({ type: ['string', 'null'], title: 'Model name' });
    expect(kind.kind).toBe('nullable');
    expect(kind.kind === 'nullable' && fieldKind(kind.inner).kind).toBe('text');
  });
});
