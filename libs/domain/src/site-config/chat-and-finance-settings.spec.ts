import fc from 'fast-check';
import { parseConfigLayer, resolveSiteConfig, SiteConfigError } from './merge';
import { ChatWidgetScriptUrlSchema } from './site-config.schema';

const layer = (value: unknown) => () => parseConfigLayer('site', value);

describe('chat.widget_script_url', () => {
  it('takes an https script address and null', () => {
    expect(() => layer({ chat: { widget_script_url: 'https://chat.example.com/widget.js' } })()).not.toThrow();
    expect(() => layer({ chat: { widget_script_url: null } })()).not.toThrow();
  });

  it.each([
    'http://chat.example.com/widget.js',
    'javascript:alert(1)',
    'data:text/javascript,alert(1)',
    '//chat.example.com/widget.js',
    '/widget.js',
    'https://user:secret@chat.example.com/widget.js',
  ])('refuses %s', (url) => {
    expect(layer({ chat: { widget_script_url: url } })).toThrow(SiteConfigError);
  });

  it('refuses an address longer than 2048 characters', () => {
    expect(layer({ chat: { widget_script_url: `https://chat.example.com/${'a'.repeat(2100)}.js` } })).toThrow(
      SiteConfigError,
    );
  });

  it('property: any address that is not https is refused', () => {
    fc.assert(
      fc.property(
        fc.webUrl({ validSchemes: ['http', 'ftp', 'ws', 'wss', 'file'] }),
        (url) => !ChatWidgetScriptUrlSchema.safeParse(url).success,
      ),
      { numRuns: 50 },
    );
  });

  it('property: https web addresses without credentials are taken', () => {
    fc.assert(
      fc.property(
        fc.webUrl({ validSchemes: ['https'], withQueryParameters: true }).filter((url) => !url.includes('@')),
        (url) => ChatWidgetScriptUrlSchema.safeParse(url).success,
      ),
    );
  });

  it('is null by default: the platform chat', () => {
    expect(resolveSiteConfig({}).chat.widget_script_url).toBeNull();
  });
});

describe('finance.repayment_rounding and finance.comparison_rate_range', () => {
  it('default to rounding up and no range', () => {
    const { finance } = resolveSiteConfig({});
    expect(finance.repayment_rounding).toBe('up');
    expect(finance.comparison_rate_range).toBeNull();
  });

  it('take the floor-or-ceil rule and a range', () => {
    const config = resolveSiteConfig({
      site: { finance: { repayment_rounding: 'floor_or_ceil', comparison_rate_range: { min: 8.38, max: 19.42 } } },
    });
    expect(config.finance.repayment_rounding).toBe('floor_or_ceil');
    expect(config.finance.comparison_rate_range).toEqual({ min: 8.38, max: 19.42 });
  });

  it.each([
    [{ repayment_rounding: 'down' }],
    [{ comparison_rate_range: { min: 19.42, max: 8.38 } }],
    [{ comparison_rate_range: { min: 0, max: 8 } }],
    [{ comparison_rate_range: { min: 8, max: 101 } }],
    [{ comparison_rate_range: { min: 8, max: 9, extra: 1 } }],
  ])('refuses %j', (finance) => {
    expect(layer({ finance })).toThrow(SiteConfigError);
  });
});
