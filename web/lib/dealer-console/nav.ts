import type { DealerRole } from '@platform/domain';

/** One link of the console's navigation. */
export interface ConsoleNavItem {
  label: string;
  href: string;
  /** Shown only to users who own at least one of their dealerships. */
  ownersOnly?: boolean;
}

/** The console's pages, in the order the navigation shows them. A new console page adds its line here. */
export const CONSOLE_NAV: readonly ConsoleNavItem[] = [
  { label: 'Leads', href: '/dealer' },
  { label: 'Tasks', href: '/dealer/tasks' },
  { label: 'Reservations', href: '/dealer/reservations' },
  { label: 'Insights', href: '/dealer/insights' },
  { label: 'Reports', href: '/dealer/reports' },
  { label: 'Feed', href: '/dealer/feed' },
  { label: 'Google & Meta', href: '/dealer/syndication' },
  { label: 'Site', href: '/dealer/site' },
  { label: 'Users', href: '/dealer/users', ownersOnly: true },
];

/** The links a user with these roles sees. */
export function consoleNavFor(roles: readonly DealerRole[], items = CONSOLE_NAV): ConsoleNavItem[] {
  const owner = roles.includes('owner');
  return items.filter((item) => !item.ownersOnly || owner);
}

/** Whether `href` is the page at `pathname` (Leads stays current on a lead's own page). */
export function isCurrent(href: string, pathname: string): boolean {
  if (href === '/dealer') return pathname === '/dealer' || pathname.startsWith('/dealer/leads');
  return pathname === href || pathname.startsWith(`${href}/`);
}
