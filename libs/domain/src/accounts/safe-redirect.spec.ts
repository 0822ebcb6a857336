import { MAX_REDIRECT_LENGTH, safeRedirect } from './safe-redirect';

describe('safeRedirect: only paths on this site', () => {
  it.each([
    '/',
    '/cars/2022-toyota-hilux-abc123',
    '/cars/2022-toyota-hilux-abc123/checkout?step=2#payment',
    '/search/used-cars?make=Toyota%20Hilux',
    '/my-garage',
    '/a:b',
  ])('keeps %p', (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with path', '//evil.com/cars'],
    ['absolute URL', 'https://evil.com'],
    ['absolute URL on http', 'http://evil.com/'],
    ['backslash after the slash', '/\\evil.com'],
    ['two backslashes', '\\\\evil'],
    ['backslash inside', '/cars\\..\\evil'],
    ['encoded slashes', '/%2F%2Fevil.com'],
    ['encoded slashes, lower case', '/%2f%2fevil.com'],
    ['encoded backslash', '/%5Cevil.com'],
    ['double-encoded slashes', '/%252F%252Fevil.com'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['data scheme', 'data:text/html,<script>alert(1)</script>'],
    ['leading space', ' /x'],
    ['leading tab', '\t/x'],
    ['tab between slashes', '/\t/evil.com'],
    ['newline (header splitting)', '/x\r\nSet-Cookie: a=b'],
    ['encoded newline', '/x%0d%0aSet-Cookie:%20a=b'],
    ['relative path', 'cars/x'],
    ['empty', ''],
    ['malformed escape', '/%E0%A4%A'],
    ['over the length limit', `/${'a'.repeat(MAX_REDIRECT_LENGTH)}`],
  ])('refuses %s (%p)', (_label, target) => {
    expect(safeRedirect(target)).toBe('/');
  });

  it('answers the fallback for anything that is not a string', () => {
    expect(safeRedirect(undefined, '/cars')).toBe('/cars');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect(['/x'])).toBe('/');
  });

  it('uses the given fallback', () => {
    expect(safeRedirect('//evil.com', '/my-garage')).toBe('/my-garage');
  });
});
