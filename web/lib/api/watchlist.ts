import { z } from 'zod';
import { apiGet } from './client';
import { ConsentSchema } from './saved-searches';
import { sessionCookieHeader } from './session';

/** GET /api/watchlist: the signed-in shopper's saved cars, newest first, with today's price and status. */
export const WatchlistSchema = z.object({
  items: z.array(
    z.object({
      car_id: z.number().int(),
      slug: z.string(),
      title: z.string(),
      price: z.object({
        kind: z.enum(['subscription', 'offer', 'price', 'preorder', 'no_price']),
        amount: z.number().nullable(),
        text: z.string(),
        was: z.number().nullable(),
      }),
      status: z.string(),
      in_stock: z.boolean(),
      image: z.string().nullable(),
      saved_at: z.iso.datetime({ offset: true }),
      /** Its news (price drop, reserved, sold) alerts the shopper (never assumed: saving asks for none). */
      alerts: z.boolean().default(false),
      alert_channels: z.array(z.string()).default([]),
      /** The live consents behind the alerts: the words agreed to, and when. */
      consents: z.array(ConsentSchema).default([]),
    }),
  ),
});
export type Watchlist = z.infer<typeof WatchlistSchema>;
export type WatchlistItem = Watchlist['items'][number];

/** The watchlist of the session whose cookie value is `token` (the API scopes it to that session's site). */
export function getWatchlist(token: string): Promise<Watchlist> {
  return apiGet('/api/watchlist', WatchlistSchema, {
    cache: 'no-store',
    headers: { cookie: sessionCookieHeader(token) ?? '' },
  });
}
