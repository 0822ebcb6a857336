import type { DealerRole } from '@platform/domain';
import { notFound, ProblemException } from '@platform/server-kit';
import type { DealerPrincipal, Membership } from './dealer-accounts';

/** Who may act on reservations (viewers read only). */
export const RESERVATION_ACTORS: readonly DealerRole[] = ['owner', 'sales'];
/** Who may confirm or reject held runs and manage feed keys. */
export const FEED_ADMINS: readonly DealerRole[] = ['owner'];

/**
 * The dealership ids a console query covers: all of the user's, or the one named by slug. Null when
 * the slug is not one of theirs (answered as an unknown dealership: another's is not confirmed).
 */
export function dealershipScope(dealer: DealerPrincipal, slug: string | undefined): number[] | null {
  if (!slug) return dealer.memberships.map((m) => m.dealershipId);
  const chosen = dealer.memberships.find((m) => m.slug === slug);
  return chosen ? [chosen.dealershipId] : null;
}

export const unknownDealership = (slug: string): ProblemException =>
  notFound('Dealership not found', `You have no dealership '${slug}'.`);

/** The user's membership of a dealership whose record they may see (the caller scoped it first). */
export function membershipOf(dealer: DealerPrincipal, dealershipId: number): Membership {
  const membership = dealer.memberships.find((m) => m.dealershipId === dealershipId);
  if (!membership) throw new Error(`dealership ${dealershipId} is not in the principal's scope`);
  return membership;
}

/** 403 unless the user's role in the dealership is one of `roles`. */
export function requireRole(dealer: DealerPrincipal, dealershipId: number, roles: readonly DealerRole[]): Membership {
  const membership = membershipOf(dealer, dealershipId);
  if (!roles.includes(membership.role)) {
    throw new ProblemException({
      status: 403,
      title: 'Not allowed for your role',
      detail: `Your role at ${membership.name} is '${membership.role}'; this needs ${roles.map((r) => `'${r}'`).join(' or ')}. Ask an owner of the dealership.`,
    });
  }
  return membership;
}
