import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { ClickTracker } from '@/components/analytics/click-tracker';
import { VisitRecorder } from '@/components/analytics/visit-recorder';
import { ChatLauncher } from '@/components/chat/chat-launcher';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { PreviewBanner } from '@/components/site-editor/preview-banner';
import { Popup } from '@/components/marketing/popup';
import { Toaster } from '@/components/toast/toaster';
import { popupExpiresAt } from '@platform/domain';
import { getSite, type SiteView } from '@/lib/api';
import { siteOriginOf } from '@/lib/seo';
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
    // Relative canonical and Open Graph URLs (the search pages') resolve on the site's own origin,
    // not on Next's fallback of localhost.
    metadataBase: new URL(siteOriginOf(site)),
    title: { default: site.name, template: `%s | ${site.name}` },
    description: site.tagline ?? undefined,
    applicationName: site.name,
    // A preview link's pages show a draft: never indexed (the proxy also says so in a header).
    ...(site.source.preview ? { robots: { index: false, follow: false } } : {}),
  };
}

/** The dealership a site's popup dismissal is kept under: the site's own dealership, else its first, else the site. */
function popupOwner(site: SiteView): string {
  const own = site.source.dealerships.find((dealership) => dealership.id === site.source.dealership_id);
  return own?.slug ?? site.source.dealerships[0]?.slug ?? site.slug;
}

/** The number the chat texts away from a car: the site's first location with one (sales locations come first). */
function primaryPhone(site: SiteView): string | null {
  const locations = [...site.dealerships.flatMap((dealership) => dealership.locations), ...site.otherLocations];
  return locations.find((location) => location.phone)?.phone ?? null;
}

/** The shell of every page of a site: its theme, header, main landmark and footer. */
export default async function SiteLayout(props: SiteParams & { children: ReactNode }) {
  const site = await siteFromParams(props);
  const popup = site.config.marketing.popup;
  return (
    <div className={styles.site} style={themeStyle(site.config.theme)}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      {site.source.preview && <PreviewBanner author={site.source.preview.author} />}
      <SiteHeader site={site} />
      <main id="main" tabIndex={-1} className={styles.main}>
        {props.children}
      </main>
      <SiteFooter site={site} />
      <Toaster />
      <ClickTracker siteSlug={site.slug} />
      <VisitRecorder />
      {site.config.features.chat_enabled && (
        <ChatLauncher
          siteSlug={site.slug}
          widgetScriptUrl={site.config.chat.widget_script_url}
          smsNumber={primaryPhone(site)}
          messageHref="/contact"
        />
      )}
      {popup && Date.now() <= popupExpiresAt(popup.expiry) && (
        <Popup
          popup={{ title: popup.title, body: popup.body, image_url: popup.image_url, link: popup.link }}
          dealershipSlug={popupOwner(site)}
          expiresAt={popupExpiresAt(popup.expiry)}
        />
      )}
    </div>
  );
}
