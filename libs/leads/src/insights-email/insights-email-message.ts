import { formatDollars } from '@platform/domain';
import type { LeadEmail } from '../delivery/lead-mailer';

export interface AttentionCar {
  id: number;
  title: string;
  stocknum: string | null;
  price: number | null;
  daysInStock: number;
  score: number;
  band: string;
  explanation: string;
}

export interface InsightsEmailLinks {
  /** The console's stock list, on the site's primary host. */
  stockUrl: string;
  /** A car's console page. */
  carUrl: (id: number) => string;
  /** RFC 8058 one-click address (POST). */
  oneClickUrl: string;
  /** The page the message's own link opens: it asks before stopping. */
  unsubscribeUrl: string;
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The weekly stock insights email to one owner: the dealership's five cars most in need of attention
 * (lowest ratings), each with why (the rating's explanation), its days in stock and a link to its
 * console page; then the stock list and a one-click unsubscribe (List-Unsubscribe headers and a link).
 */
export function insightsEmail(
  deliveryId: string,
  to: string,
  dealership: { name: string; siteName: string },
  cars: readonly AttentionCar[],
  links: InsightsEmailLinks,
): LeadEmail {
  const subject = `${dealership.name}: ${cars.length} ${cars.length === 1 ? 'car needs' : 'cars need'} attention this week`;
  const line = (car: AttentionCar): string =>
    `${car.title}${car.stocknum ? ` (stock ${car.stocknum})` : ''}${car.price !== null ? `, ${formatDollars(car.price)}` : ''}, ${car.daysInStock} days in stock`;
  const text = [
    `The cars at ${dealership.name} that need attention this week, lowest rating first.`,
    '',
    ...cars.flatMap((car, i) => [
      `${i + 1}. ${line(car)}`,
      `   Rating ${car.score} (${car.band}). ${car.explanation}`,
      `   ${links.carUrl(car.id)}`,
      '',
    ]),
    `All your stock: ${links.stockUrl}`,
    '',
    `You get this weekly as an owner of ${dealership.name} on ${dealership.siteName}.`,
    `Stop these emails: ${links.unsubscribeUrl}`,
  ].join('\n');
  const html = `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f4f4f4;font-family:Arial,Helvetica,sans-serif;color:#222">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#fff">
<tr><td style="padding:16px 24px"><h1 style="font-size:20px;margin:0 0 8px">${escapeHtml(subject)}</h1>
<p style="margin:0 0 12px">Lowest rating first, with what the platform sees.</p>
<ol style="padding-left:20px;margin:0">
${cars
  .map(
    (car) =>
      `<li style="margin:0 0 12px"><a href="${escapeHtml(links.carUrl(car.id))}" style="font-weight:bold">${escapeHtml(car.title)}</a>${car.stocknum ? ` <span style="color:#555">stock ${escapeHtml(car.stocknum)}</span>` : ''}<br>
<span style="color:#555">${car.price !== null ? `${escapeHtml(formatDollars(car.price))} · ` : ''}${car.daysInStock} days in stock · rating ${car.score} (${escapeHtml(car.band)})</span><br>${escapeHtml(car.explanation)}</li>`,
  )
  .join('\n')}
</ol>
<p style="margin:16px 0"><a href="${escapeHtml(links.stockUrl)}">All your stock insights</a></p>
<p style="margin:8px 0;font-size:12px;color:#666">You get this weekly as an owner of ${escapeHtml(dealership.name)} on ${escapeHtml(dealership.siteName)}. <a href="${escapeHtml(links.unsubscribeUrl)}" style="color:#666">Unsubscribe</a></p>
</td></tr></table></td></tr></table></body></html>`;
  return {
    deliveryId,
    leadId: null,
    to: [to],
    subject,
    text,
    html,
    fromName: dealership.siteName,
    headers: {
      'List-Unsubscribe': `<${links.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
