import type { ReactNode } from 'react';
import { redirect } from 'next/navigation';
import { getOperator } from '@/lib/api/ops';

/** Every ops console page but sign-in: a signed-out visitor is sent to sign in. */
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  if (!(await getOperator())) redirect('/sign-in');
  return children;
}
