import { isDeepStrictEqual } from 'node:util';
import { PLATFORM_DEFAULTS, SiteConfigSchema } from '@platform/domain';
import { codeSpans, read, tables } from './markdown';

/**
 * docs/configuration.md lists every site setting with its platform default. A setting added to the
 * schema without a row here, or a default changed in code but not here, fails.
 */
const rows = tables(read('docs/configuration.md'))
  .filter((table) => table.header[0] === 'Setting')
  .flatMap((table) => table.rows)
  .map((row) => ({ setting: codeSpans(row[0])[0], shown: row[1] }));

const settings = Object.entries(SiteConfigSchema.shape).flatMap(([group, schema]) =>
  Object.keys((schema as unknown as { shape: Record<string, unknown> }).shape).map((field) => `${group}.${field}`),
);

describe('docs/configuration.md', () => {
  it('has one row per setting of the schema, and no other', () => {
    expect(rows.map((row) => row.setting).sort()).toEqual([...settings].sort());
  });

  it('shows each short default as the code has it', () => {
    const problems = rows.flatMap(({ setting, shown }) => {
      const [group, field] = setting.split('.');
      const actual = (PLATFORM_DEFAULTS as unknown as Record<string, Record<string, unknown>>)[group][field];
      const span = /^`(.*)`$/.exec(shown)?.[1];
      if (span !== undefined)
        return isDeepStrictEqual(JSON.parse(span), actual)
          ? []
          : [`${setting}: shows ${span}, code has ${JSON.stringify(actual)}`];
      const list = /^a list of (\d+)$/.exec(shown)?.[1];
      if (list !== undefined)
        return Array.isArray(actual) && actual.length === Number(list) ? [] : [`${setting}: shows ${shown}`];
      return shown === 'see `platform-defaults.ts`' ? [] : [`${setting}: cannot read '${shown}'`];
    });
    expect(problems).toEqual([]);
  });
});
