import fc from 'fast-check';
import { presentEnv } from './environment';

describe('presentEnv', () => {
  it('treats empty and blank values as unset and keeps the rest as they are', () => {
    expect(
      presentEnv({ OPENSEARCH_URL: '', REDIS_PREFIX: '  ', DATABASE_URL: 'postgres://x/y', OPS_TOKEN: undefined }),
    ).toEqual({
      DATABASE_URL: 'postgres://x/y',
    });
  });

  it('never drops a value with content, never keeps one without', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.stringMatching(/^[A-Z_]{1,12}$/), fc.option(fc.string(), { nil: undefined })),
        (source) => {
          const present = presentEnv(source);
          for (const [name, value] of Object.entries(source)) {
            if (value !== undefined && value.trim() !== '') expect(present[name]).toBe(value);
            else expect(name in present).toBe(false);
          }
        },
      ),
    );
  });
});
