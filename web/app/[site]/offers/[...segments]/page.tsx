import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { findOffer } from '@platform/domain';
import { OfferDetail } from '@/components/marketing/offers';
import { getSite } from '@/lib/api';

interface Props {
  params: Promise<{ site: string; segments: string[] }>;
}

async function resolve(props: Props) {
  const { site: slug, segments } = await props.params;
  const site = await getSite(slug);
  return { site, offer: findOffer(site.config.marketing.offers, segments.map(decodeURIComponent), new Date()) };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { offer } = await resolve(props);
  return offer ? { title: offer.name } : {};
}

/** An offer of the site's configuration: /offers/{manufacturer}/{id} or /offers/{id} (spec 001 §2). */
export default async function OfferPage(props: Props) {
  const { offer } = await resolve(props);
  if (!offer) notFound();
  return <OfferDetail offer={offer} />;
}
