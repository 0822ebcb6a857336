import fc from 'fast-check';
import { configChanges, sameDocument } from './config-changes';

/**
 * Sets an own property, even one named __proto__ (fast-check's JSON values hold that key, and a
 * plain assignment would set the object's prototype instead of a field).
 */
const put = (node: object, key: string | number, value: unknown): void => {
  Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true });
};

/** Applies a list of changes to a document, as a reader of the history would replay them. */
function replay(document: unknown, changes: ReturnType<typeof configChanges>): unknown {
  const root = { value: structuredClone(document ?? {}) } as Record<string, unknown>;
  for (const change of changes) {
    const parts = [...change.path.matchAll(/\[(\d+)\]|"((?:[^"\\]|\\.)*)"|([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) =>
      m[1] !== undefined ? Number(m[1]) : m[2] !== undefined ? JSON.parse(`"${m[2]}"`) : m[3],
    );
    let node: any = root;
    let key: string | number = 'value';
    for (const part of parts) {
      // A field added inside a group the document did not have yet: the group comes with it.
      if (!Object.hasOwn(node, key) || typeof node[key] !== 'object' || node[key] === null) put(node, key, {});
      node = node[key];
      key = part;
    }
    if (change.path === '(whole document)') node = root;
    if ('after' in change) put(node, key, change.after);
    else if (Array.isArray(node)) node.length = Math.min(node.length, key as number);
    else delete node[key];
  }
  return root.value;
}

describe('configChanges', () => {
  it('names each changed field by its path, with old and new values', () => {
    expect(
      configChanges(
        { phone: { numbers: { new: '03 1', used: '' } }, marketing: { banners: [{ alt: 'A' }, { alt: 'B' }] } },
        {
          phone: { numbers: { new: '03 2', used: '' } },
          marketing: { banners: [{ alt: 'A' }] },
          wording: { tagline: 'Hi' },
        },
      ),
    ).toEqual([
      { path: 'marketing.banners[1]', before: { alt: 'B' } },
      { path: 'phone.numbers.new', before: '03 1', after: '03 2' },
      { path: 'wording.tagline', after: 'Hi' },
    ]);
  });

  it('quotes keys that are not plain names (location slugs)', () => {
    expect(configChanges({ locations: { 'werribee-sales': 1 } }, { locations: { 'werribee-sales': 2 } })).toEqual([
      { path: 'locations."werribee-sales"', before: 1, after: 2 },
    ]);
  });

  it('finds nothing between equal documents, whatever their key order', () => {
    expect(configChanges({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toEqual([]);
  });

  it('says exactly what turns one document into the other (property)', () => {
    const doc = fc.jsonValue({ maxDepth: 4 }).filter((v) => typeof v === 'object' && v !== null && !Array.isArray(v));
    fc.assert(
      fc.property(doc, doc, (a, b) => {
        const changes = configChanges(a, b);
        expect(changes.length === 0).toBe(sameDocument(a, b));
        expect(sameDocument(replay(a, changes), b)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
