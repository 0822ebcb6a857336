import { GATEABLE_ROUTES, type SignInType } from '@platform/domain';

/**
 * The sign-in page's heading and sentence for why the shopper is there. The specifications give
 * only the query parameters, not this text; it names what signing in unlocks.
 */
const INTROS: Record<SignInType, string> = {
  watchlist: 'Sign in with your mobile number to save cars to your watchlist.',
  checkout: 'Sign in with your mobile number to reserve this car.',
  finance: 'Sign in with your mobile number to continue with finance.',
  trade_in: 'Sign in with your mobile number to value your trade-in.',
  sell_my_car: 'Sign in with your mobile number to sell your car.',
  spin_to_win: 'Sign in with your mobile number to spin to win.',
  online_payment: 'Sign in with your mobile number to make a payment.',
  finance_credit_check: 'Sign in with your mobile number to check your credit.',
  my_garage: 'Sign in with your mobile number to open your garage.',
};

const TYPES = new Set<string>(['watchlist', ...GATEABLE_ROUTES]);

export function signInIntro(type: string | undefined): { title: string; text: string } {
  const text = type && TYPES.has(type) ? INTROS[type as SignInType] : 'Sign in with your mobile number to continue.';
  return { title: 'Sign in', text };
}
