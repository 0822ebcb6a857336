import { consoleNextPath } from '@platform/domain';

/**
 * The sign-in page for a signed-out visitor of console page `path`: with `?next=` so signing in
 * comes back to it (a lead link from an email opens the lead, not the inbox). The inbox itself is
 * where sign-in goes anyway, and anything that is not a console page is left out.
 */
export function signInPathFor(path: string | null | undefined): string {
  const next = consoleNextPath(path);
  return next && next !== '/dealer' ? `/dealer/sign-in?${new URLSearchParams({ next }).toString()}` : '/dealer/sign-in';
}
