import { z } from 'zod';
import { SiteConfigSchema } from './site-config.schema';

// Forms and docs take a setting's label and help text from the schema, so an undocumented setting
// would reach dealers as a bare input.
describe('SiteConfigSchema descriptions', () => {
  const fields = Object.entries(SiteConfigSchema.shape).flatMap(([group, groupSchema]) =>
    Object.entries((groupSchema as z.ZodObject).shape).map(([field, schema]) => ({
      path: `${group}.${field}`,
      schema: schema as z.ZodType,
    })),
  );

  it('describes every group.field', () => {
    const undescribed = fields.filter(({ schema }) => !schema.meta()?.description).map(({ path }) => path);
    expect(undescribed).toEqual([]);
    expect(fields.length).toBeGreaterThan(150);
  });

  it('carries each description into the JSON Schema', () => {
    const json = z.toJSONSchema(SiteConfigSchema, { io: 'input' }) as {
      properties: Record<string, { properties: Record<string, { description?: string }> }>;
    };
    const missing = fields.filter(({ path }) => {
      const [group, field] = path.split('.') as [string, string];
      return !json.properties[group]!.properties[field]!.description;
    });
    expect(missing.map(({ path }) => path)).toEqual([]);
    expect(json.properties['finance']!.properties['term_max_years']!.description).toBe(
      'Term range in years (1 to 7; 1 to 5 on some) and its step (0.5).',
    );
  });

  it('marks hex colours for a colour picker, wherever they sit', () => {
    const json = JSON.stringify(z.toJSONSchema(SiteConfigSchema, { io: 'input' }));
    const hexPatterns = json.split('"pattern":"^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$"').length - 1;
    const colours = json.split('"format":"colour"').length - 1;
    expect(hexPatterns).toBeGreaterThan(5);
    expect(colours).toBe(hexPatterns);
  });
});
