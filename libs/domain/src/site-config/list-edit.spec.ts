import fc from 'fast-check';
import { applyListEdit, type ListEdit } from './list-edit';
import { resolveSiteConfig, SiteConfigError } from './merge';
import { PLATFORM_DEFAULTS } from './platform-defaults';

const item = (label: string, href = `/${label.toLowerCase().replace(/ /g, '-')}`) => ({ label, href });
const labels = (menu: { label: string }[]) => menu.map((entry) => entry.label);

type Item = { label: string; href: string };
const applyMenuEdit = (base: Item[], edit: ListEdit<Item>) => applyListEdit(base, edit, 'label');

describe('list edits: a layer changes the lower menu or page list instead of restating it', () => {
  const base = [item('Home', '/'), item('Vehicles'), item('Offers'), item('Finance'), item('Company')];

  it('drops items by label, replaces an item of the same label in place, appends the rest', () => {
    const menu = applyMenuEdit(base, {
      remove: ['Vehicles'],
      items: [item('Finance', '/finance-enquiry'), item('Contact')],
    });
    expect(menu).toEqual([
      item('Home', '/'),
      item('Offers'),
      item('Finance', '/finance-enquiry'),
      item('Company'),
      item('Contact'),
    ]);
  });

  it("inserts after the item named by 'after', moving an existing item there", () => {
    expect(labels(applyMenuEdit(base, { items: [{ ...item('Our Brands'), after: 'Home' }] }))).toEqual([
      'Home',
      'Our Brands',
      'Vehicles',
      'Offers',
      'Finance',
      'Company',
    ]);
    expect(labels(applyMenuEdit(base, { items: [{ ...item('Company'), after: 'Home' }] }))).toEqual([
      'Home',
      'Company',
      'Vehicles',
      'Offers',
      'Finance',
    ]);
  });

  it('appends when the anchor is not in the menu, and never mutates the lower menu', () => {
    const copy = structuredClone(base);
    expect(labels(applyMenuEdit(base, { items: [{ ...item('Careers'), after: 'Nowhere' }] })).at(-1)).toBe('Careers');
    expect(base).toEqual(copy);
  });

  it('holds for any edit: removed labels are gone unless re-added, every edited item is present once', () => {
    const label = fc.constantFrom('Home', 'Vehicles', 'Offers', 'Finance', 'Company', 'Contact', 'Careers');
    fc.assert(
      fc.property(
        fc.uniqueArray(label),
        fc.uniqueArray(fc.record({ label, after: fc.option(label, { nil: undefined }) }), { selector: (e) => e.label }),
        (remove, edits) => {
          const items = edits.map(({ label: l, after }) => (after === undefined ? item(l) : { ...item(l), after }));
          const menu = applyMenuEdit(base, { remove, items });
          const added = new Set(edits.map((e) => e.label));
          for (const l of remove) if (!added.has(l)) expect(labels(menu)).not.toContain(l);
          for (const l of added) expect(labels(menu).filter((m) => m === l)).toHaveLength(1);
          expect(new Set(labels(menu)).size).toBe(menu.length);
        },
      ),
    );
  });

  it('merges through the layers: a template edits the defaults, a site edits the template', () => {
    const config = resolveSiteConfig({
      template: {
        navigation: { header: { remove: ['Vehicles'], items: [{ ...item('Our Brands', '/brands'), after: 'Home' }] } },
      },
      site: { navigation: { buyer_tools: { items: [item('Sell My Car')] } } },
    });
    expect(labels(config.navigation.header)).toEqual([
      'Home',
      'Our Brands',
      'Offers',
      'Our Stock',
      'Finance',
      'Service',
      'Company',
    ]);
    expect(config.navigation.buyer_tools).toEqual([...PLATFORM_DEFAULTS.navigation.buyer_tools, item('Sell My Car')]);
  });

  it('edits content pages by path: a site adds its own pages and keeps the defaults', () => {
    const page = {
      path: '/twg-cars',
      under_pages_prefix: false,
      title: 'TWG Cars',
      body: ['Cars.'],
      hero_image: null,
      hero_alt: '',
    };
    const config = resolveSiteConfig({ site: { content: { pages: { items: [page], remove: ['/fleet'] } } } });
    const paths = config.content.pages.map((p) => p.path);
    expect(paths).toEqual([
      ...PLATFORM_DEFAULTS.content.pages.map((p) => p.path).filter((p) => p !== '/fleet'),
      '/twg-cars',
    ]);
  });

  it('still lets a list replace the menu whole, and refuses a malformed edit naming the path', () => {
    expect(resolveSiteConfig({ site: { navigation: { header: [item('Home', '/')] } } }).navigation.header).toEqual([
      item('Home', '/'),
    ]);
    expect(() => resolveSiteConfig({ site: { navigation: { header: { items: [{ label: '' }] } } } as never })).toThrow(
      SiteConfigError,
    );
  });
});
