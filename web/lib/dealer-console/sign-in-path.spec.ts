import { signInPathFor } from './sign-in-path';

describe('signInPathFor: the sign-in page that comes back to the console page', () => {
  it('carries a console page as next', () => {
    expect(signInPathFor('/dealer/leads/0b9e6a4c-5f0e-4d5e-9b1a-2a3b4c5d6e7f')).toBe(
      '/dealer/sign-in?next=%2Fdealer%2Fleads%2F0b9e6a4c-5f0e-4d5e-9b1a-2a3b4c5d6e7f',
    );
    expect(signInPathFor('/dealer/feed?run=abc')).toBe('/dealer/sign-in?next=%2Fdealer%2Ffeed%3Frun%3Dabc');
  });

  it('leaves next out for the inbox, a missing path and anything off the console', () => {
    expect(signInPathFor('/dealer')).toBe('/dealer/sign-in');
    expect(signInPathFor(null)).toBe('/dealer/sign-in');
    expect(signInPathFor('//evil.example/dealer')).toBe('/dealer/sign-in');
    expect(signInPathFor('/cars')).toBe('/dealer/sign-in');
  });
});
