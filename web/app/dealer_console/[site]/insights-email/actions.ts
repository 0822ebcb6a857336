'use server';

import { redirect } from 'next/navigation';
import { apiBaseUrl } from '@/lib/api/client';

/** Stops the weekly insights email the signed token names (the page's button; no sign-in). */
export async function stopInsightsEmail(form: FormData): Promise<void> {
  const site = String(form.get('site') ?? '').slice(0, 100);
  const token = String(form.get('token') ?? '').slice(0, 200);
  const response = await fetch(
    `${apiBaseUrl()}/api/dealer/insights/email/unsubscribe?token=${encodeURIComponent(token)}`,
    { method: 'POST', cache: 'no-store', headers: { 'x-site-slug': site }, signal: AbortSignal.timeout(15_000) },
  ).catch(() => null);
  const outcome = response?.ok ? 'done' : response?.status === 400 ? 'invalid' : 'failed';
  redirect(`/dealer/insights-email?token=${encodeURIComponent(token)}&outcome=${outcome}`);
}
