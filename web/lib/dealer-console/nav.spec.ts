import { consoleNavFor, isCurrent, type ConsoleNavItem } from './nav';

describe('console navigation', () => {
  const items: ConsoleNavItem[] = [
    { label: 'Leads', href: '/dealer' },
    { label: 'Users', href: '/dealer/users', ownersOnly: true },
  ];

  it('shows owners-only links to owners of any of their dealerships only', () => {
    expect(consoleNavFor(['sales'], items).map((i) => i.label)).toEqual(['Leads']);
    expect(consoleNavFor(['viewer', 'owner'], items).map((i) => i.label)).toEqual(['Leads', 'Users']);
  });

  it('marks Leads current on the inbox and on a lead, and nothing else on another page', () => {
    expect(isCurrent('/dealer', '/dealer')).toBe(true);
    expect(isCurrent('/dealer', '/dealer/leads/abc')).toBe(true);
    expect(isCurrent('/dealer', '/dealer/users')).toBe(false);
    expect(isCurrent('/dealer/users', '/dealer/users')).toBe(true);
    expect(isCurrent('/dealer/users', '/dealer/usersx')).toBe(false);
  });
});
