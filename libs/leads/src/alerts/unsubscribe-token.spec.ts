import fc from 'fast-check';
import { readUnsubscribeToken, unsubscribeToken, type UnsubscribeTarget } from './unsubscribe-token';

const SECRET = 'a-test-secret-of-at-least-32-characters!';

describe('unsubscribe tokens', () => {
  const target: UnsubscribeTarget = {
    shopperId: '4f0c8f5e-2b7a-4c1e-9d3a-0a1b2c3d4e5f',
    kind: 'search',
    id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  };

  it('reads back what was signed, for every kind', () => {
    for (const t of [
      target,
      { shopperId: target.shopperId, kind: 'car', id: 42 },
      { shopperId: target.shopperId, kind: 'all' },
    ] as UnsubscribeTarget[])
      expect(readUnsubscribeToken(SECRET, unsubscribeToken(SECRET, t))).toEqual(t);
  });

  it('refuses another secret, any altered character, and arbitrary input', () => {
    const token = unsubscribeToken(SECRET, target);
    expect(readUnsubscribeToken('another-secret-of-at-least-32-characters', token)).toBeNull();
    fc.assert(
      fc.property(fc.nat(token.length - 1), fc.string({ minLength: 1, maxLength: 1 }), (at, c) => {
        const altered = token.slice(0, at) + c + token.slice(at + 1);
        return altered === token || readUnsubscribeToken(SECRET, altered) === null;
      }),
    );
    fc.assert(fc.property(fc.anything(), (input) => readUnsubscribeToken(SECRET, input) === null));
  });
});
