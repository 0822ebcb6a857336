import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { Toaster } from '@/components/toast/toaster';
import { getSite } from '@/lib/api';
import { themeStyle } from '@/lib/theme';
import styles from './site.module.css';

interface SiteParams {
  params: Promise<{ site: string }>;
}

async function siteFromParams({ params }: SiteParams) {
  const { site: slug } = await params;
  return getSite(slug);
}

export async function generateMetadata(props: SiteParams): Promise<Metadata> {
  const site = await siteFromParams(props);
  return {
    title: { default: site.name, template: `%s | ${site.name}` },
    description: site.tagline ?? undefined,
    applicationName: site.name,
  };
}

/** The shell of every page of a site: its theme, header, main landmark and footer. */
export default async function SiteLayout(props: SiteParams & { children: ReactNode }) {
  const site = await siteFromParams(props);
  return (
    <div className={styles.site} style={themeStyle(site.config.theme)}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SiteHeader site={site} />
      <main id="main" tabIndex={-1} className={styles.main}>
        {props.children}
      </main>
      <SiteFooter site={site} />
      <Toaster />
    </div>
  );
}
