import { layerProblems } from '@platform/domain';
import { pickerValue, primaryContrast } from './colour';
import { fieldId, pathKey, problemsByPath } from './problems';

describe('problemsByPath', () => {
  it("files the server's problems under the field they name", () => {
    const problems = problemsByPath(
      layerProblems('dealer', { theme: { primary_colour: '#fff' }, leads: { notify_emails: ['x'] } }),
    );
    expect(Object.keys(problems).sort()).toEqual(['leads.notify_emails.0', 'theme.primary_colour']);
    expect(problems[pathKey(['leads', 'notify_emails', 0])]).toEqual([
      'leads.notify_emails[0]: Use a valid email address',
    ]);
  });

  it('makes DOM ids from paths', () => {
    expect(fieldId('f1', ['marketing', 'banners', 0, 'image'])).toBe('f1-marketing-banners-0-image');
    expect(fieldId('f1', ['theme', 'brand_button_colours', 'land rover'])).toBe(
      'f1-theme-brand_button_colours-land_rover',
    );
  });
});

describe('pickerValue', () => {
  it('gives the picker a #rrggbb it accepts', () => {
    expect(pickerValue('#ABC')).toBe('#aabbcc');
    expect(pickerValue('#1f3a5f')).toBe('#1f3a5f');
    expect(pickerValue('#1f3')).toBe('#11ff33');
    expect(pickerValue('#1f3a')).toBe('#000000');
    expect(pickerValue(undefined)).toBe('#000000');
  });
});

describe('primaryContrast', () => {
  const inherited = { theme: { primary_colour: '#1f3a5f', on_primary_colour: '#ffffff' } };

  it('checks the edited colour against the other, from the layer or the layers below', () => {
    const verdict = primaryContrast(['theme', 'primary_colour'], { theme: { primary_colour: '#f5c518' } }, inherited);
    expect(verdict).toEqual({
      ratio: '1.6:1',
      passes: false,
      message: 'Text on the primary colour: contrast 1.6:1; WCAG AA needs at least 4.5:1.',
    });
    expect(primaryContrast(['theme', 'on_primary_colour'], {}, inherited)?.passes).toBe(true);
  });

  it('says nothing for other fields or a half-typed colour', () => {
    expect(primaryContrast(['theme', 'accent_colour'], {}, inherited)).toBeNull();
    expect(primaryContrast(['theme', 'primary_colour'], { theme: { primary_colour: '#f5' } }, inherited)).toBeNull();
    expect(primaryContrast(['theme', 'primary_colour'], {}, undefined)).toBeNull();
  });
});
