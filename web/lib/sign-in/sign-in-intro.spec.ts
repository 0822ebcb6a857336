import { GATEABLE_ROUTES } from '@platform/domain';
import { signInIntro } from './sign-in-intro';

describe('signInIntro', () => {
  it('explains the watchlist', () => {
    expect(signInIntro('watchlist').text).toBe('Sign in with your mobile number to save cars to your watchlist.');
  });

  it.each([...GATEABLE_ROUTES])('has its own sentence for the gated route %s', (type) => {
    expect(signInIntro(type).text).not.toBe(signInIntro(undefined).text);
  });

  it.each([undefined, '', 'toString', '__proto__', 'admin'])('falls back to a plain sentence for %p', (type) => {
    expect(signInIntro(type)).toEqual({ title: 'Sign in', text: 'Sign in with your mobile number to continue.' });
  });
});
