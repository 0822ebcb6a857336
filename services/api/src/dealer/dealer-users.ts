import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { DealerRole } from '@platform/domain';
import { notFound, ProblemException } from '@platform/server-kit';
import {
  DealerAccounts,
  lockDealershipUsers,
  type AuditActor,
  type DealerPrincipal,
  type Membership,
  type AddedUser,
} from './dealer-accounts';
import { DealerMailer } from './dealer-mailer';
import type { DealerUserInput } from './dealer.schemas';

export interface DealerUserView {
  id: string;
  email: string;
  name: string;
  lastSignedInAt: string | null;
  /** Only the dealerships the asking owner owns: another dealership's membership is not theirs to see. */
  dealerships: { slug: string; name: string; role: DealerRole }[];
}

export interface AuditEntryView {
  id: string;
  at: string;
  dealership: string;
  actor: string;
  action: string;
  detail: Record<string, unknown>;
}

const actorOf = (dealer: DealerPrincipal): AuditActor => ({ userId: dealer.userId, label: dealer.email });

const onlyOwners = (): ProblemException =>
  new ProblemException({
    status: 403,
    title: 'Only an owner can do this',
    detail: "Managing a dealership's users and reading its audit log is for the dealership's owners.",
  });

const noDealership = (slug: string): ProblemException =>
  notFound('Dealership not found', `You own no dealership '${slug}'.`);

const noUser = (dealership: Membership, userId: string): ProblemException =>
  notFound('User not found', `No user of ${dealership.name} has the id '${userId}'.`);

/**
 * Owners manage their own dealerships' users: invite (or change a role), remove, and read the audit
 * log. Each owner sees and touches only the dealerships they own; a dealership they do not own
 * answers 404 exactly as an unknown one, and so does a user who is not in one of them.
 */
@Injectable()
export class DealerUsers {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly accounts: DealerAccounts,
    private readonly mailer: DealerMailer,
  ) {}

  private owned(dealer: DealerPrincipal): Membership[] {
    const owned = dealer.memberships.filter((membership) => membership.role === 'owner');
    if (owned.length === 0) throw onlyOwners();
    return owned;
  }

  private ownedOne(dealer: DealerPrincipal, slug: string): Membership {
    const owned = this.owned(dealer).find((membership) => membership.slug === slug);
    if (!owned) throw noDealership(slug);
    return owned;
  }

  async list(dealer: DealerPrincipal): Promise<DealerUserView[]> {
    const owned = this.owned(dealer);
    const rows = (await this.db.query(
      `SELECT u.id, u.email, u.name, u.last_signed_in_at, d.slug, d.name AS dealership_name, m.role
       FROM dealer_memberships m JOIN dealer_users u ON u.id = m.user_id JOIN dealerships d ON d.id = m.dealership_id
       WHERE m.dealership_id = ANY($1::int[]) ORDER BY u.name, u.email, d.position, d.name`,
      [owned.map((membership) => membership.dealershipId)],
    )) as {
      id: string;
      email: string;
      name: string;
      last_signed_in_at: Date | null;
      slug: string;
      dealership_name: string;
      role: DealerRole;
    }[];
    const users = new Map<string, DealerUserView>();
    for (const row of rows) {
      const user = users.get(row.id) ?? {
        id: row.id,
        email: row.email,
        name: row.name,
        lastSignedInAt: row.last_signed_in_at?.toISOString() ?? null,
        dealerships: [],
      };
      user.dealerships.push({ slug: row.slug, name: row.dealership_name, role: row.role });
      users.set(row.id, user);
    }
    return [...users.values()];
  }

  /**
   * Adds a user to one of the owner's dealerships (or changes their role there) and emails them how
   * to sign in. An owner cannot demote the dealership's last owner, themselves included.
   */
  async invite(
    dealer: DealerPrincipal,
    dealershipSlug: string,
    input: DealerUserInput,
  ): Promise<DealerUserView & { outcome: AddedUser['outcome'] }> {
    const dealership = this.ownedOne(dealer, dealershipSlug);
    const added = await this.accounts.addUser(dealership.slug, input, actorOf(dealer), async (manager, id) => {
      if (input.role !== 'owner') await this.keepAnOwner(id, input.email, manager);
    });
    if (!added) throw noDealership(dealershipSlug);
    const view = (await this.list(dealer)).find((user) => user.id === added.id)!;
    // Already theirs with that role: nothing changed, so no one is emailed and the answer says so.
    if (added.outcome === 'unchanged') return { ...view, outcome: added.outcome };
    await this.emailAccess(
      dealer,
      dealership,
      added,
      `You have been given access to ${dealership.name}'s dealer console`,
      `${dealer.name} has given you ${input.role} access to ${dealership.name} on its dealer console.`,
    );
    return { ...view, outcome: added.outcome };
  }

  /**
   * Gives a user of one of the owner's dealerships another role there. Unlike an invite it never adds
   * anyone or renames them: a user no longer there (a stale page) is a 404, and the same role again
   * changes nothing, logs nothing and sends nothing. The user is emailed their new access.
   */
  async changeRole(
    dealer: DealerPrincipal,
    dealershipSlug: string,
    userId: string,
    role: DealerRole,
  ): Promise<DealerUserView> {
    const dealership = this.ownedOne(dealer, dealershipSlug);
    const changed = await this.db.transaction(async (manager) => {
      const member = await this.lockedMember(manager, dealership, userId);
      if (member.role === role) return null;
      if (member.role === 'owner') await this.keepAnOwner(dealership.dealershipId, member.email, manager);
      await manager.query(`UPDATE dealer_memberships SET role = $3 WHERE user_id = $1 AND dealership_id = $2`, [
        userId,
        dealership.dealershipId,
        role,
      ]);
      await this.accounts.audit(manager, dealership.dealershipId, actorOf(dealer), 'user.role_changed', {
        user_id: userId,
        email: member.email,
        from: member.role,
        role,
      });
      return member;
    });
    if (changed)
      await this.emailAccess(
        dealer,
        dealership,
        changed,
        `Your access to ${dealership.name}'s dealer console has changed`,
        `${dealer.name} has changed your access to ${dealership.name} on its dealer console from ${changed.role} to ${role}.`,
      );
    const view = (await this.list(dealer)).find((user) => user.id === userId);
    if (!view) throw noUser(dealership, userId);
    return view;
  }

  /** Removes a user from one of the owner's dealerships; one left in none has every session ended. */
  async remove(dealer: DealerPrincipal, dealershipSlug: string, userId: string): Promise<void> {
    const dealership = this.ownedOne(dealer, dealershipSlug);
    await this.db.transaction(async (manager) => {
      const member = await this.lockedMember(manager, dealership, userId);
      if (member.role === 'owner') await this.keepAnOwner(dealership.dealershipId, member.email, manager);
      await manager.query(`DELETE FROM dealer_memberships WHERE user_id = $1 AND dealership_id = $2`, [
        userId,
        dealership.dealershipId,
      ]);
      await manager.query(
        `UPDATE dealer_sessions SET revoked_at = now()
         WHERE user_id = $1 AND revoked_at IS NULL AND NOT EXISTS (SELECT 1 FROM dealer_memberships WHERE user_id = $1)`,
        [userId],
      );
      await this.accounts.audit(manager, dealership.dealershipId, actorOf(dealer), 'user.removed', {
        user_id: userId,
        email: member.email,
        role: member.role,
      });
    });
  }

  /**
   * The user's membership of the dealership, read under the dealership's users lock (one change to
   * its users at a time); a user not in it is a 404, the same answer as an unknown id.
   */
  private async lockedMember(
    manager: EntityManager,
    dealership: Membership,
    userId: string,
  ): Promise<{ role: DealerRole; email: string; name: string }> {
    await lockDealershipUsers(manager, dealership.dealershipId);
    const [member] = (await manager.query(
      `SELECT m.role, u.email, u.name FROM dealer_memberships m JOIN dealer_users u ON u.id = m.user_id
       WHERE m.user_id = $1 AND m.dealership_id = $2`,
      [userId, dealership.dealershipId],
    )) as { role: DealerRole; email: string; name: string }[];
    if (!member) throw noUser(dealership, userId);
    return member;
  }

  /** Tells a user what access the owner gave them, and how to sign in. */
  private async emailAccess(
    dealer: DealerPrincipal,
    dealership: Membership,
    to: { email: string; name: string },
    subject: string,
    sentence: string,
  ): Promise<void> {
    const origin = await this.accounts.siteOrigin(dealer.siteId);
    await this.mailer.send({
      deliveryId: randomUUID(),
      leadId: null,
      to: [to.email],
      fromName: dealership.name,
      subject,
      text: [
        `Hello ${to.name},`,
        '',
        sentence,
        `Sign in at ${origin}/dealer/sign-in with this email address: a one-time code is emailed to you each time.`,
      ].join('\n'),
    });
  }

  /** Refuses a change that would leave the dealership with no owner (other than `email`). */
  private async keepAnOwner(dealershipId: number, email: string, manager = this.db.manager): Promise<void> {
    const [other] = (await manager.query(
      `SELECT 1 FROM dealer_memberships m JOIN dealer_users u ON u.id = m.user_id
       WHERE m.dealership_id = $1 AND m.role = 'owner' AND u.email <> $2 LIMIT 1`,
      [dealershipId, email],
    )) as unknown[];
    const [isOwner] = (await manager.query(
      `SELECT 1 FROM dealer_memberships m JOIN dealer_users u ON u.id = m.user_id
       WHERE m.dealership_id = $1 AND m.role = 'owner' AND u.email = $2`,
      [dealershipId, email],
    )) as unknown[];
    if (isOwner && !other)
      throw new ProblemException({
        status: 409,
        title: 'A dealership needs an owner',
        detail: 'This is the last owner of the dealership. Make someone else an owner first.',
      });
  }

  /** The owner's dealerships' audit log, newest first, a page at a time. */
  async audit(
    dealer: DealerPrincipal,
    query: { dealership?: string; before?: string; limit: number },
  ): Promise<{ entries: AuditEntryView[]; next: string | null }> {
    const dealerships = query.dealership ? [this.ownedOne(dealer, query.dealership)] : this.owned(dealer);
    const rows = (await this.db.query(
      `SELECT a.id, a.created_at, d.slug, coalesce(u.name, a.actor) AS actor, a.action, a.detail FROM dealer_audit_log a
       JOIN dealerships d ON d.id = a.dealership_id LEFT JOIN dealer_users u ON u.id = a.user_id
       WHERE a.dealership_id = ANY($1::int[]) AND ($2::bigint IS NULL OR a.id < $2::bigint)
       ORDER BY a.id DESC LIMIT $3`,
      [dealerships.map((membership) => membership.dealershipId), query.before ?? null, query.limit + 1],
    )) as {
      id: string;
      created_at: Date;
      slug: string;
      actor: string;
      action: string;
      detail: Record<string, unknown>;
    }[];
    const page = rows.slice(0, query.limit);
    return {
      entries: page.map((row) => ({
        id: String(row.id),
        at: row.created_at.toISOString(),
        dealership: row.slug,
        actor: row.actor,
        action: row.action,
        detail: row.detail,
      })),
      next: rows.length > query.limit ? String(page[page.length - 1]!.id) : null,
    };
  }
}
