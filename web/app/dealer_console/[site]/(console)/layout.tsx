import type { ReactNode } from 'react';
import { redirect } from 'next/navigation';
import { getDealerMe } from '@/lib/api/dealer';

/** Every console page but sign-in: a signed-out visitor is sent to sign in. */
export default async function SignedInLayout({
  params,
  children,
}: {
  params: Promise<{ site: string }>;
  children: ReactNode;
}) {
  const me = await getDealerMe((await params).site);
  if (!me) redirect('/dealer/sign-in');
  return children;
}
