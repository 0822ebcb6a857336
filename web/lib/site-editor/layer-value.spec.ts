import { freshKey, getAt, moveItem, removeItem, renameKey, setAt, setLayerValue } from './layer-value';

describe('setLayerValue', () => {
  it('creates only the group and field set, leaving the rest of the layer and the input untouched', () => {
    const layer = { wording: { tagline: 'Since 1962' } };
    const next = setLayerValue(layer, ['leads', 'notify_emails'], ['sales@example.com']);
    expect(next).toEqual({ wording: { tagline: 'Since 1962' }, leads: { notify_emails: ['sales@example.com'] } });
    expect(layer).toEqual({ wording: { tagline: 'Since 1962' } });
    expect(next['wording']).toBe(layer.wording);
  });

  it('removes an unset field, and its group when nothing is left', () => {
    const layer = { wording: { tagline: 'x' }, phone: { numbers: { new: '1', used: '2', demo: '3' } } };
    expect(setLayerValue(layer, ['wording', 'tagline'], undefined)).toEqual({ phone: layer.phone });
  });

  it('keeps an empty string, which overrides the layer below', () => {
    expect(setLayerValue({}, ['wording', 'tagline'], '')).toEqual({ wording: { tagline: '' } });
  });
});

describe('setAt and getAt', () => {
  it('edits inside lists by index without touching other entries', () => {
    const layer = { marketing: { banners: [{ alt: 'a' }, { alt: 'b' }] } };
    const next = setAt(layer, ['marketing', 'banners', 1, 'alt'], 'c');
    expect(getAt(next, ['marketing', 'banners'])).toEqual([{ alt: 'a' }, { alt: 'c' }]);
    expect(getAt(next, ['marketing', 'banners', 0])).toBe(layer.marketing.banners[0]);
    expect(layer.marketing.banners[1]).toEqual({ alt: 'b' });
  });

  it('reads nothing through a missing or primitive step', () => {
    expect(getAt({ a: 1 }, ['a', 'b'])).toBeUndefined();
    expect(getAt(undefined, ['a'])).toBeUndefined();
  });
});

describe('list edits', () => {
  it('moves, removes and ignores moves off the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(removeItem(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });
});

describe('record edits', () => {
  it('renames a key in place and refuses a taken one', () => {
    expect(Object.keys(renameKey({ a: 1, b: 2, c: 3 }, 'b', 'z'))).toEqual(['a', 'z', 'c']);
    expect(renameKey({ a: 1, b: 2 }, 'a', 'b')).toEqual({ a: 1, b: 2 });
  });

  it('finds a fresh key', () => {
    expect(freshKey({})).toBe('key');
    expect(freshKey({ key: 1, 'key-2': 2 })).toBe('key-3');
  });
});
