import type { ReactNode } from 'react';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getDealerMe } from '@/lib/api/dealer';
import { signInPathFor } from '@/lib/dealer-console/sign-in-path';
import { CONSOLE_PATH_HEADER } from '@/lib/tenancy/dealer-console';

/**
 * Every console page but sign-in: a signed-out visitor is sent to sign in, and back to this page
 * afterwards (the proxy names the page: a layout is not told its path).
 */
export default async function SignedInLayout({
  params,
  children,
}: {
  params: Promise<{ site: string }>;
  children: ReactNode;
}) {
  const [me, requestHeaders] = await Promise.all([getDealerMe((await params).site), headers()]);
  if (!me) redirect(signInPathFor(requestHeaders.get(CONSOLE_PATH_HEADER)));
  return children;
}
