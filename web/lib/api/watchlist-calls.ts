import { postJson } from './browser';

export type WatchlistChange = 'save-car' | 'remove-car';

/**
 * POST /api/watchlist/save-car or remove-car from the browser (spec 000 §7: body phone_number and
 * car_id, the answer read for a success flag). Resolves to null on success, else the message the
 * shopper is shown in an alert.
 */
export async function changeWatchlist(change: WatchlistChange, phone: string, carId: number): Promise<string | null> {
  const outcome = await postJson<{ success?: boolean; message?: string }>(`/api/watchlist/${change}`, {
    phone_number: phone,
    car_id: carId,
  });
  if (outcome.ok)
    return outcome.data?.success === true ? null : (outcome.data?.message ?? 'Something went wrong. Please try again.');
  return outcome.message;
}
