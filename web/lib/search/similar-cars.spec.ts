import { parseSearchQuery } from './url-codec';
import { similarCarsHref } from './similar-cars';

describe('similarCarsHref', () => {
  it('searches the same make and model, as the search page reads its menus', () => {
    const href = similarCarsHref({ make: 'Toyota', model: 'Hilux' });
    expect(href).toMatch(/^\/search\//);
    const url = new URL(href, 'https://example.com');
    expect(parseSearchQuery(url.searchParams).menu).toMatchObject({ make: 'Toyota', make_model: 'Toyota:Hilux' });
  });
});
