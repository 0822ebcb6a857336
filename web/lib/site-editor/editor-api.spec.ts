import { changeValue, editorProblemPath } from './editor-api';

describe('editorProblemPath', () => {
  it('splits an api field path into the form part and its path', () => {
    expect(editorProblemPath('document.config.marketing.offers[0].expiry')).toEqual({
      part: 'config',
      path: ['marketing', 'offers', '0', 'expiry'],
    });
    expect(editorProblemPath('document.config.marketing.banners.0.link')).toEqual({
      part: 'config',
      path: ['marketing', 'banners', '0', 'link'],
    });
    expect(editorProblemPath('document.locations.werribee-sales.hours.sales.monday')).toEqual({
      part: 'locations',
      path: ['werribee-sales', 'hours', 'sales', 'monday'],
    });
    expect(editorProblemPath('base_version')).toEqual({ part: 'other', path: ['base_version'] });
  });
});

describe('changeValue', () => {
  it('shows strings as they are, other values as JSON, absent as not set, long ones cut', () => {
    expect(changeValue('09:00')).toBe('09:00');
    expect(changeValue({ open: '09:00' })).toBe('{"open":"09:00"}');
    expect(changeValue(undefined)).toBe('(not set)');
    expect(changeValue('x'.repeat(400))).toHaveLength(158);
  });
});
