import fc from 'fast-check';
import { z } from 'zod';
import { fieldErrorsOf } from './problem';

describe('fieldErrorsOf', () => {
  it('names every unknown key by its own path, the empty key too; (root) only for the whole value', () => {
    const schema = z.strictObject({ dealership: z.string() });
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }).filter((key) => key !== 'dealership'),
        (key) => {
          const parsed = schema.safeParse(JSON.parse(`{"dealership":"d",${JSON.stringify(key)}:1}`));
          expect(parsed.success).toBe(false);
          expect(fieldErrorsOf(parsed.error!)).toEqual([
            { path: key, message: `Unknown field '${key}': remove it or check its spelling` },
          ]);
        },
      ),
    );
    const whole = z.string().safeParse(1);
    expect(fieldErrorsOf(whole.error!).map((error) => error.path)).toEqual(['(root)']);
  });
});
