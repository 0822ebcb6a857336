import type { Metadata } from 'next';
import { CheckoutPage } from '@/components/checkout/checkout-page';

export const metadata: Metadata = { title: 'Reserve this car', robots: { index: false } };

/** /cars/{slug}/buy-online: the reserve page on sites whose checkout_segment is 'buy-online'. */
export default async function Page({ params }: { params: Promise<{ site: string; slug: string }> }) {
  const { site, slug } = await params;
  return <CheckoutPage site={site} slug={slug} segment="buy-online" />;
}
