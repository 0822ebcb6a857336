import { consoleNextPath } from './console-next';

describe('consoleNextPath: only a console page of this site', () => {
  it.each([
    ['/dealer', '/dealer'],
    ['/dealer/leads/0b9e6a4c-5f0e-4d5e-9b1a-2a3b4c5d6e7f', '/dealer/leads/0b9e6a4c-5f0e-4d5e-9b1a-2a3b4c5d6e7f'],
    ['/dealer?status=new&q=hilux', '/dealer?status=new&q=hilux'],
    ['/dealer/feed?run=abc', '/dealer/feed?run=abc'],
  ])('keeps %s', (next, kept) => {
    expect(consoleNextPath(next)).toBe(kept);
  });

  it.each([
    'https://evil.example/dealer',
    '//evil.example/dealer',
    '/\\evil.example/dealer',
    '/%2F%2Fevil.example',
    'javascript:alert(1)//dealer',
    '/cars',
    '/dealers',
    '/dealer-locator',
    '/dealer/../cars',
    '/dealer/%2e%2e/cars',
    '/dealer/sign-in',
    '/dealer/sign-in?token=x',
    'dealer/leads',
    '',
    undefined,
    42,
  ])('refuses %p', (next) => {
    expect(consoleNextPath(next)).toBeNull();
  });
});
