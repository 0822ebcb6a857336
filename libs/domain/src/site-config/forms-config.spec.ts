import fc from 'fast-check';
import { resolveSiteConfig, SiteConfigError } from './merge';
import { FormsSchema } from './site-config.schema';

const runs = Number(process.env['PROPERTY_RUNS'] ?? 60);

describe('forms.additional_services', () => {
  it('is empty by default, so no form shows the group until a site lists its services', () => {
    expect(resolveSiteConfig({}).forms.additional_services).toEqual([]);
    expect(
      resolveSiteConfig({ site: { forms: { additional_services: ['Wheel alignment', 'Car wash'] } } }).forms
        .additional_services,
    ).toEqual(['Wheel alignment', 'Car wash']);
  });

  it.each([
    ['a blank service', ['Car wash', '  '], 'Name each service'],
    ['a service twice', ['Car wash', 'Car wash'], 'List each additional service once'],
    ['more than 20', Array.from({ length: 21 }, (_, i) => `Service ${i}`), 'List at most 20 additional services'],
    ['a name over 100 characters', ['x'.repeat(101)], 'Keep each service under 100 characters'],
  ])('refuses %s, saying why', (_name, services, message) => {
    expect(() => resolveSiteConfig({ site: { forms: { additional_services: services } } })).toThrow(SiteConfigError);
    const parsed = FormsSchema.shape.additional_services.safeParse(services);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it('accepts only lists a form can draw: each service named, at most 100 characters, at most 20, no repeats', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 120 }), { maxLength: 25 }), (services) => {
        const parsed = FormsSchema.shape.additional_services.safeParse(services);
        if (!parsed.success) return;
        expect(parsed.data.length).toBeLessThanOrEqual(20);
        expect(new Set(parsed.data).size).toBe(parsed.data.length);
        for (const service of parsed.data) expect(service.length).toBeGreaterThanOrEqual(1);
        for (const service of parsed.data) expect(service.length).toBeLessThanOrEqual(100);
      }),
      { numRuns: runs },
    );
  });
});
