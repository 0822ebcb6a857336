import { renderToStaticMarkup } from 'react-dom/server';
import { layerProblems, siteConfigFormSchema } from '@platform/domain';
import { problemsByPath, SchemaForm, type SchemaNode } from './schema-form';

// CSS modules are Next's to load; here each class is its own name.
jest.mock('./schema-form.module.css', () => ({
  __esModule: true,
  default: new Proxy({}, { get: (_, name) => String(name) }),
}));

const dealer = siteConfigFormSchema('dealer') as SchemaNode;

function render(value: Record<string, unknown>, extra: Partial<Parameters<typeof SchemaForm>[0]> = {}) {
  return renderToStaticMarkup(<SchemaForm schema={dealer} value={value} onChange={() => undefined} {...extra} />);
}

/** The attributes of the element with an id, as one string. */
function element(html: string, id: string): string {
  return new RegExp(`<[a-z]+[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
}

describe('SchemaForm markup', () => {
  it('labels each input with its title and ties it to its help text', () => {
    const html = render({});
    const label = /<label class="label" for="([^"]+)">Tagline<\/label>/.exec(html);
    expect(label).not.toBeNull();
    const input = element(html, label![1]!);
    expect(input).toContain(`aria-describedby="${label![1]}-help"`);
    expect(html).toContain(`id="${label![1]}-help">Site tagline under the name on the home page.</p>`);
  });

  it('names list buttons after the entry', () => {
    const slide = { id: 1, name: 'Run-out', image: '/a.jpg', alt: 'Sale' };
    const html = render({ marketing: { promotions_slider: [slide, { ...slide, id: 2 }] } });
    expect(html).toContain('aria-label="Move slide 2 up"');
    expect(html).toContain('aria-label="Remove slide 1"');
    expect(html).toMatch(/aria-label="Move slide 1 up"[^>]*disabled/);
    expect(html).toContain('Add slide');
  });

  it('shows a server problem under its field and marks the input invalid', () => {
    const value = { leads: { notify_emails: ['nobody'] } };
    const html = render(value, { problems: problemsByPath(layerProblems('dealer', value)) });
    expect(html).toContain('role="alert"');
    expect(html).toContain('leads.notify_emails[0]: Use a valid email address');
    expect(html).toMatch(/aria-describedby="[^"]*-problems"[^>]*aria-invalid="true"/);
  });

  it('offers a colour picker with the live contrast for the primary colours', () => {
    const html = renderToStaticMarkup(
      <SchemaForm
        schema={siteConfigFormSchema('full') as SchemaNode}
        value={{ theme: { primary_colour: '#f5c518' } }}
        inherited={{ theme: { primary_colour: '#1f3a5f', on_primary_colour: '#ffffff' } }}
        onChange={() => undefined}
      />,
    );
    expect(html).toContain('type="color"');
    expect(html).toContain('Text on the primary colour: contrast 1.6:1; WCAG AA needs at least 4.5:1.');
  });
});
