import {
  carName,
  fitSms,
  FOLLOWED_CARS_TITLE,
  formatDollars,
  groupDigest,
  absolutePhotoUrl,
  groupedAlertSummary,
  type AlertKind,
  type PhotoLookup,
  type StoredPhoto,
  type SiteConfig,
  variantForWidth,
} from '@platform/domain';
import type { LeadEmail } from '../delivery/lead-mailer';

/** One alert of a message, with its car as it is now. */
export interface AlertItem {
  id: string;
  kind: AlertKind;
  price: number | null;
  oldPrice: number | null;
  savedSearchId: string | null;
  savedSearchName: string | null;
  /** The saved search's own results page (a path on the site), for its 'See every match' link. */
  savedSearchPath?: string | null;
  createdAt: Date;
  car: {
    id: number;
    slug: string;
    year: number;
    make: string;
    model: string;
    badge: string | null;
    data: Record<string, unknown>;
    /**
     * The stored photo of the car's first picture (alertPhotoOf): the email shows it from the
     * site's origin; without one it shows the platform's own file or no picture, never a dealer's address.
     */
    photo?: StoredPhoto | null;
  };
}

export interface AlertSite {
  slug: string;
  name: string;
  /** The site's public origin (siteOrigin): every link and photo of the message is on it. */
  origin: string;
  config: SiteConfig;
  /** A number to call the dealer on (its first location's), for the message's sender details. */
  contactPhone?: string | null;
}

const dollars = (amount: number | null): string | null => (amount && amount > 0 ? formatDollars(amount) : null);

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const absolute = (origin: string, url: string | null): string | null =>
  url === null ? null : url.startsWith('/') ? `${origin}${url}` : /^https?:\/\//.test(url) ? url : null;

const photoOf = (data: Record<string, unknown>): string | null => {
  const primary = data['primary_image_url'];
  if (typeof primary === 'string' && primary.trim()) return primary;
  const images = Array.isArray(data['images']) ? (data['images'] as { url?: unknown }[]) : [];
  return typeof images[0]?.url === 'string' ? images[0].url : null;
};

/** The stored photo of the car's first picture, from a lookup resolved for its dealership. */
export const alertPhotoOf = (data: Record<string, unknown>, photos: PhotoLookup): StoredPhoto | null =>
  photos(photoOf(data));

/** An email's photo is drawn 280 px wide: 640 is sharp on a dense screen. */
const EMAIL_PHOTO_WIDTH = 640;

/** 'New match', 'Price drop', ...: what happened, in the words the message leads with. */
export function alertHeadline(item: Pick<AlertItem, 'kind' | 'savedSearchName'>): string {
  switch (item.kind) {
    case 'new_match':
      return item.savedSearchName ? `New match for '${item.savedSearchName}'` : 'New match';
    case 'price_drop':
      return 'Price drop';
    case 'reserved':
      return 'Reserved';
    case 'sold':
      return 'Sold';
  }
}

const priceLine = (item: AlertItem): string => {
  const now = dollars(item.price);
  const was = dollars(item.oldPrice);
  if (item.kind === 'sold') return 'This car has sold.';
  if (item.kind === 'reserved') return 'Someone has reserved this car.';
  return now ? (was ? `Now ${now} (was ${was})` : now) : 'Enquire for price';
};

export interface AlertLinks {
  /** The List-Unsubscribe address: a POST there stops the alerts at once (RFC 8058). */
  oneClickUrl: string;
  /** The page the message's own stop link opens: it asks before stopping. */
  unsubscribeUrl: string;
  watchlistUrl: string;
}

/** Who the message is from, and how to reach them (Spam Act 2003: a message identifies its sender). */
const senderLine = (site: AlertSite, origin: string): string =>
  [site.name, site.contactPhone, origin.replace(/^https?:\/\//, '')].filter(Boolean).join(' · ');

/**
 * The email of one notification (one alert, several grouped from one pass, or a digest), branded with
 * the site's name, colours and logo: each car's photo, price (and the one before a drop) and a link to
 * its page; the sender's name, number and address; and a one-click unsubscribe (RFC 8058 headers and
 * a link in the body).
 */
export function alertEmail(
  deliveryId: string,
  to: string,
  site: AlertSite,
  items: AlertItem[],
  digest: boolean,
  links: AlertLinks,
): LeadEmail {
  const origin = site.origin;
  const theme = site.config.theme;
  const [first] = items as [AlertItem, ...AlertItem[]];
  const grouped = digest || items.length > 1;
  const subject = digest
    ? `Your daily update from ${site.name}: ${items.length} ${items.length === 1 ? 'car' : 'cars'}`
    : items.length > 1
      ? groupedAlertSummary(items)
      : `${alertHeadline(first)}: ${carName(first.car)}`;
  const groups = grouped
    ? groupDigest(items.map((item) => ({ ...item, carId: item.car.id }))).map((g) => ({
        title: g.title,
        items: g.alerts,
        // A day's matches beyond the allowance are not in the digest: the search's page has them all.
        everyMatch: absolute(origin, g.alerts[0]?.savedSearchPath ?? null),
      }))
    : [
        {
          title: first.savedSearchId ? (first.savedSearchName ?? '') : FOLLOWED_CARS_TITLE,
          items: [first],
          everyMatch: null,
        },
      ];

  const text = [
    digest
      ? `Here is what changed today on ${site.name}.`
      : grouped
        ? `${subject} on ${site.name}.`
        : `${alertHeadline(first)} on ${site.name}.`,
    '',
    ...groups.flatMap((group) => [
      ...(grouped ? [group.title, ''] : []),
      ...group.items.flatMap((item) => [
        `${grouped ? `${alertHeadline({ ...item, savedSearchName: null })}: ` : ''}${carName(item.car)}`,
        priceLine(item),
        `${origin}/cars/${item.car.slug}`,
        '',
      ]),
      ...(group.everyMatch ? [`See every match: ${group.everyMatch}`, ''] : []),
    ]),
    `Your saved searches and cars: ${links.watchlistUrl}`,
    `From ${senderLine(site, origin)}`,
    `Stop these alerts: ${links.unsubscribeUrl}`,
  ].join('\n');
  const card = (item: AlertItem): string => {
    const photo = item.car.photo
      ? absolutePhotoUrl(origin, null, item.car.photo, variantForWidth(item.car.photo, EMAIL_PHOTO_WIDTH))
      : absolutePhotoUrl(origin, photoOf(item.car.data), null, 'w640');
    const url = `${origin}/cars/${encodeURIComponent(item.car.slug)}`;
    return `<tr><td style="padding:12px 0;border-bottom:1px solid #ddd">
${photo ? `<a href="${escapeHtml(url)}"><img src="${escapeHtml(photo)}" alt="${escapeHtml(carName(item.car))}" width="280" style="display:block;max-width:100%;height:auto;border-radius:6px"></a>` : ''}
<p style="margin:8px 0 0;font-size:13px;color:#555">${escapeHtml(grouped ? alertHeadline({ ...item, savedSearchName: null }) : alertHeadline(item))}</p>
<p style="margin:4px 0;font-size:17px;font-weight:bold"><a href="${escapeHtml(url)}" style="color:${theme.primary_colour}">${escapeHtml(carName(item.car))}</a></p>
<p style="margin:4px 0;font-size:16px">${escapeHtml(priceLine(item))}</p>
</td></tr>`;
  };
  const logo = absolute(origin, theme.logo_url || null);
  const html = `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f4f4f4;font-family:Arial,Helvetica,sans-serif;color:#222">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#fff">
<tr><td style="background:${theme.primary_colour};color:${theme.on_primary_colour};padding:16px 24px">
${logo ? `<img src="${escapeHtml(logo)}" alt="${escapeHtml(theme.logo_alt || site.name)}" height="40" style="display:block;height:40px">` : `<strong>${escapeHtml(site.name)}</strong>`}
</td></tr>
<tr><td style="padding:16px 24px">
${groups
  .map(
    (group) =>
      `${grouped ? `<h2 style="font-size:18px;margin:16px 0 4px">${escapeHtml(group.title)}</h2>` : ''}<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${group.items.map(card).join('')}</table>${group.everyMatch ? `<p style="margin:8px 0"><a href="${escapeHtml(group.everyMatch)}" style="color:${theme.primary_colour}">See every match</a></p>` : ''}`,
  )
  .join('\n')}
<p style="margin:24px 0 8px"><a href="${escapeHtml(links.watchlistUrl)}" style="color:${theme.primary_colour}">Your saved searches and cars</a></p>
<p style="margin:8px 0;font-size:12px;color:#666">You get this because you asked ${escapeHtml(site.name)} to tell you. From ${escapeHtml(senderLine(site, origin))}. <a href="${escapeHtml(links.unsubscribeUrl)}" style="color:#666">Unsubscribe</a></p>
</td></tr></table></td></tr></table></body></html>`;

  return {
    deliveryId,
    leadId: null,
    to: [to],
    subject,
    text,
    html,
    fromName: site.name,
    headers: {
      'List-Unsubscribe': `<${links.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * The text message of one notification: who it is from (the site's name), what happened (one car;
 * several grouped: '3 new cars match Used Toyota RAV4 under $40,000'), one link (the car, the saved
 * search's results, or the watchlist) and how to stop. The name is shortened to keep the text within
 * MAX_ALERT_SMS_SEGMENTS; the sender, the links and the opt-out are never cut.
 */
export function alertSms(site: AlertSite, items: AlertItem[], digest: boolean, links: AlertLinks): string {
  const origin = site.origin;
  const optOut = `Opt out: ${links.unsubscribeUrl}`;
  const from = site.contactPhone ? `${site.name} (${site.contactPhone})` : site.name;
  if (digest) {
    // Nothing variable to shorten: it is short.
    return `${from}: ${items.length} ${items.length === 1 ? 'update' : 'updates'} on your saved searches and cars today. ${links.watchlistUrl} ${optOut}`;
  }
  const [item] = items as [AlertItem, ...AlertItem[]];
  if (items.length === 1) {
    return fitSms(
      (headline) =>
        `${from}: ${headline}${carName(item.car)}, ${priceLine(item)}. ${origin}/cars/${item.car.slug} ${optOut}`,
      `${alertHeadline(item)}. `,
    );
  }
  const oneSearch = item.savedSearchId !== null && items.every((other) => other.savedSearchId === item.savedSearchId);
  const link = (oneSearch ? absolute(origin, item.savedSearchPath ?? null) : null) ?? links.watchlistUrl;
  return fitSms((summary) => `${from}: ${summary}. ${link} ${optOut}`, groupedAlertSummary(items));
}
