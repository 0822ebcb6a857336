import { notFound } from 'next/navigation';

/** Any path a site has no page for: the site's own not-found page, inside its header and footer. */
export default async function UnknownSitePage({ params }: { params: Promise<{ site: string; path: string[] }> }): Promise<never> {
  await params;
  notFound();
}
