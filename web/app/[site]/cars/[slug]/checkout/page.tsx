import type { Metadata } from 'next';
import { personalPage } from '@/lib/edge/personal-page';
import { CheckoutPage } from '@/components/checkout/checkout-page';

export const metadata: Metadata = personalPage({ title: 'Reserve this car' });

/** /cars/{slug}/checkout: the reserve page on sites whose checkout_segment is 'checkout'. */
export default async function Page({ params }: { params: Promise<{ site: string; slug: string }> }) {
  const { site, slug } = await params;
  return <CheckoutPage site={site} slug={slug} segment="checkout" />;
}
