import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { csvRow, CSV_BOM, leadTransition, type LeadStatus } from '@platform/domain';
import { ProblemException } from '@platform/server-kit';
import type { DealerPrincipal, Membership } from './dealer-accounts';
import { recordDealerAudit } from './dealer-audit';
import type { LeadFilters, LeadListQuery, LeadStatusChange } from './dealer.schemas';

export interface LeadSummary {
  id: string;
  createdAt: string;
  form: string;
  dealership: { slug: string; name: string };
  name: string | null;
  email: string | null;
  phone: string | null;
  car: { id: number; slug: string; stocknum: string; title: string } | null;
  status: LeadStatus;
  lostReason: string | null;
  assignee: { id: string; name: string } | null;
}

export interface LeadNote {
  id: string;
  body: string;
  author: { id: string | null; name: string };
  createdAt: string;
}

export interface LeadDetail extends LeadSummary {
  category: string;
  subcategory: string | null;
  /** The shopper's answers, as submitted. */
  answers: Record<string, unknown>;
  /** Where the shopper came from: page, campaign parameters, pages visited. */
  source: Record<string, unknown>;
  valuation: Record<string, unknown> | null;
  deliveries: { channel: string; status: string; attempts: number; updatedAt: string }[];
  /** The car as the shopper saw it: first photo, price (whole dollars, null for 'enquire') and its page. */
  vehicle: { photo: string | null; price: number | null; path: string; status: string } | null;
  /** Whether this user may change the lead (not a viewer of its dealership). */
  canChange: boolean;
  /** Who the lead may be assigned to: the users of its dealership. */
  assignees: { id: string; name: string }[];
  notes: LeadNote[];
  /** Status changes and assignments, oldest first, from the audit log. */
  history: { at: string; action: string; by: string; detail: Record<string, unknown> }[];
}

const SUMMARY_COLUMNS = `l.id, l.created_at, l.form, d.slug AS dealership_slug, d.name AS dealership_name,
  l.fields->>'name' AS name, l.fields->>'email' AS email, l.fields->>'phone' AS phone,
  c.id AS car_id, c.slug AS car_slug, c.stocknum AS car_stocknum,
  concat_ws(' ', c.year, c.make, c.model, c.badge) AS car_title,
  l.status, l.lost_reason, l.assigned_user_id, au.name AS assignee_name`;

// Every list, export and detail read: the assignee's name only while they still hold a membership of
// the lead's dealership (a removed user reads as unassigned).
const FROM = `FROM leads l JOIN dealerships d ON d.id = l.dealership_id LEFT JOIN cars c ON c.id = l.car_id
  LEFT JOIN dealer_users au ON au.id = l.assigned_user_id
    AND EXISTS (SELECT 1 FROM dealer_memberships am WHERE am.user_id = au.id AND am.dealership_id = l.dealership_id)`;

type SummaryRow = {
  id: string;
  created_at: Date;
  form: string;
  dealership_slug: string;
  dealership_name: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  car_id: number | null;
  car_slug: string | null;
  car_stocknum: string | null;
  car_title: string | null;
  status: LeadStatus;
  lost_reason: string | null;
  assigned_user_id: string | null;
  assignee_name: string | null;
};

const summaryOf = (row: SummaryRow): LeadSummary => ({
  id: row.id,
  createdAt: row.created_at.toISOString(),
  form: row.form,
  dealership: { slug: row.dealership_slug, name: row.dealership_name },
  name: row.name,
  email: row.email,
  phone: row.phone,
  car:
    row.car_id === null
      ? null
      : { id: row.car_id, slug: row.car_slug ?? '', stocknum: row.car_stocknum ?? '', title: row.car_title ?? '' },
  status: row.status,
  lostReason: row.lost_reason,
  assignee:
    row.assigned_user_id && row.assignee_name !== null ? { id: row.assigned_user_id, name: row.assignee_name } : null,
});

/** LIKE pattern of a shopper's search: its wildcards are matched literally. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The leads a dealer user may see: those of their dealerships, and nothing else. Every statement
 * filters by the user's dealership ids, so another dealership's or site's lead is simply not found.
 */
@Injectable()
export class DealerLeads {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Newest first; `next` is the `before` of the following page. Null when `dealership` is not theirs. */
  async list(
    dealer: DealerPrincipal,
    query: LeadListQuery,
  ): Promise<{ leads: LeadSummary[]; next: string | null } | null> {
    const ids = dealershipIds(dealer, query);
    if (!ids) return null;
    const [where, params] = filtered(ids, query);
    params.push(query.before ?? null, query.after ?? null, query.limit + 1);
    const n = params.length;
    const rows = (await this.db.query(
      `SELECT ${SUMMARY_COLUMNS} ${FROM}
       WHERE ${where} AND ($${n - 2}::timestamptz IS NULL OR l.created_at < $${n - 2})
         AND ($${n - 1}::timestamptz IS NULL
           -- \`after\` is a createdAt as JavaScript holds it (milliseconds) while the column keeps
           -- microseconds: newer means a later millisecond, or the newest lead comes back as new.
           -- Written on the parameter so the created_at index still serves it.
           OR l.created_at >= date_trunc('milliseconds', $${n - 1}::timestamptz) + interval '1 millisecond')
       ORDER BY l.created_at DESC, l.id DESC LIMIT $${n}`,
      params,
    )) as SummaryRow[];
    const page = rows.slice(0, query.limit).map(summaryOf);
    return { leads: page, next: rows.length > query.limit ? (page.at(-1)?.createdAt ?? null) : null };
  }

  /**
   * The filtered list as CSV for a spreadsheet (newest first, at most EXPORT_LIMIT rows): every cell
   * through the domain's csvCell, so a shopper's text never runs as a formula. Null as `list`.
   */
  async csv(dealer: DealerPrincipal, filters: LeadFilters): Promise<string | null> {
    const ids = dealershipIds(dealer, filters);
    if (!ids) return null;
    const [where, params] = filtered(ids, filters);
    const rows = (await this.db.query(
      `SELECT ${SUMMARY_COLUMNS} ${FROM} WHERE ${where}
       ORDER BY l.created_at DESC, l.id DESC LIMIT ${EXPORT_LIMIT}`,
      params,
    )) as SummaryRow[];
    const lines = [
      csvRow([
        'Received',
        'Dealership',
        'Form',
        'Status',
        'Lost reason',
        'Name',
        'Email',
        'Phone',
        'Stock number',
        'Car',
        'Assigned to',
        'Lead id',
      ]),
      ...rows.map((row) =>
        csvRow([
          row.created_at.toISOString(),
          row.dealership_name,
          row.form,
          row.status,
          row.lost_reason,
          row.name,
          row.email,
          row.phone,
          row.car_stocknum,
          row.car_title,
          row.assignee_name,
          row.id,
        ]),
      ),
    ];
    return `${CSV_BOM}${lines.join('')}`;
  }

  /** One lead of the user's dealerships, or null (unknown, or another dealership's). */
  async detail(dealer: DealerPrincipal, leadId: string): Promise<LeadDetail | null> {
    const [row] = (await this.db.query(
      `SELECT ${SUMMARY_COLUMNS}, l.category, l.subcategory, l.fields, l.user_data,
         (SELECT to_jsonb(v) - 'id' FROM valuations v WHERE v.id = l.valuation_id) AS valuation
         , l.dealership_id, c.price AS car_price, c.status AS car_status,
         coalesce(c.data->>'primary_image_url', c.data->'images'->0->>'url') AS car_photo
       ${FROM}
       WHERE l.id = $1 AND l.dealership_id = ANY($2::int[])`,
      [leadId, dealer.memberships.map((m) => m.dealershipId)],
    )) as (SummaryRow & {
      category: string;
      subcategory: string | null;
      fields: Record<string, unknown>;
      user_data: Record<string, unknown>;
      valuation: Record<string, unknown> | null;
      dealership_id: number;
      car_price: number | null;
      car_status: string | null;
      car_photo: string | null;
    })[];
    if (!row) return null;
    const membership = dealer.memberships.find((m) => m.dealershipId === row.dealership_id);
    const deliveries = (await this.db.query(
      `SELECT channel, status, attempts, updated_at FROM lead_outbox WHERE lead_id = $1 ORDER BY channel`,
      [leadId],
    )) as { channel: string; status: string; attempts: number; updated_at: Date }[];
    const assignees = (await this.db.query(
      `SELECT u.id, u.name FROM dealer_memberships m JOIN dealer_users u ON u.id = m.user_id
       WHERE m.dealership_id = $1 ORDER BY u.name, u.id`,
      [row.dealership_id],
    )) as { id: string; name: string }[];
    const notes = (await this.db.query(
      `SELECT id, body, author_user_id, author_name, created_at FROM lead_notes WHERE lead_id = $1 ORDER BY created_at, id`,
      [leadId],
    )) as NoteRow[];
    const history = (await this.db.query(
      `SELECT a.created_at AS at, a.action, coalesce(u.name, a.actor) AS by, a.detail FROM dealer_audit_log a
       LEFT JOIN dealer_users u ON u.id = a.user_id
       WHERE a.subject_type = 'lead' AND a.subject_id = $1 AND a.action <> 'lead.note_added' ORDER BY a.created_at, a.id`,
      [leadId],
    )) as { at: Date; action: string; by: string; detail: Record<string, unknown> }[];
    return {
      ...summaryOf(row),
      category: row.category,
      subcategory: row.subcategory,
      answers: row.fields,
      source: row.user_data,
      valuation: row.valuation,
      deliveries: deliveries.map((d) => ({
        channel: d.channel,
        status: d.status,
        attempts: d.attempts,
        updatedAt: d.updated_at.toISOString(),
      })),
      vehicle:
        row.car_id === null
          ? null
          : {
              photo: row.car_photo,
              price: row.car_price,
              path: `/cars/${row.car_slug}`,
              status: row.car_status ?? 'in_stock',
            },
      canChange: membership !== undefined && membership.role !== 'viewer',
      assignees,
      notes: notes.map(noteOf),
      history: history.map((h) => ({ at: h.at.toISOString(), action: h.action, by: h.by, detail: h.detail })),
    };
  }

  /**
   * Moves a lead to `change.status` when the domain rule allows it from where it stands, and records
   * who did it. Row-locked, so two salespeople acting at once each see the other's move. Null when
   * the lead is not the user's; throws a problem when they may not change it or the move is refused.
   */
  async changeStatus(dealer: DealerPrincipal, leadId: string, change: LeadStatusChange): Promise<LeadDetail | null> {
    const changed = await this.db.transaction(async (manager) => {
      const lead = await this.lockForChange(manager, dealer, leadId);
      if (!lead) return false;
      const move = leadTransition(lead.status, change.status, change.reason);
      if (!move.ok)
        throw new ProblemException({
          status: move.field === 'status' ? 409 : 400,
          title: move.field === 'status' ? 'Status change not allowed' : 'Reason needed',
          detail: move.message,
          errors: [{ path: move.field, message: move.message }],
        });
      await manager.query(`UPDATE leads SET status = $2, lost_reason = $3, status_changed_at = now() WHERE id = $1`, [
        leadId,
        move.status,
        move.reason,
      ]);
      await recordDealerAudit(manager, {
        dealershipId: lead.dealership_id,
        userId: dealer.userId,
        action: 'lead.status_changed',
        subject: { type: 'lead', id: leadId },
        detail: { from: lead.status, to: move.status, ...(move.reason ? { reason: move.reason } : {}) },
      });
      return true;
    });
    return changed ? this.detail(dealer, leadId) : null;
  }

  /** Assigns the lead to a user of its dealership, or unassigns it (null). Null and throws as changeStatus. */
  async assign(dealer: DealerPrincipal, leadId: string, userId: string | null): Promise<LeadDetail | null> {
    const changed = await this.db.transaction(async (manager) => {
      const lead = await this.lockForChange(manager, dealer, leadId);
      if (!lead) return false;
      let name: string | null = null;
      if (userId !== null) {
        const [member] = (await manager.query(
          `SELECT u.name FROM dealer_memberships m JOIN dealer_users u ON u.id = m.user_id
           WHERE m.user_id = $1 AND m.dealership_id = $2`,
          [userId, lead.dealership_id],
        )) as { name: string }[];
        if (!member) {
          const message = `Choose a user of ${lead.dealership_name}: this one is not.`;
          throw new ProblemException({
            status: 400,
            title: 'Not a user of this dealership',
            detail: message,
            errors: [{ path: 'userId', message }],
          });
        }
        name = member.name;
      }
      await manager.query(`UPDATE leads SET assigned_user_id = $2 WHERE id = $1`, [leadId, userId]);
      await recordDealerAudit(manager, {
        dealershipId: lead.dealership_id,
        userId: dealer.userId,
        action: 'lead.assigned',
        subject: { type: 'lead', id: leadId },
        detail: { from: lead.assigned_user_id, to: userId, ...(name ? { to_name: name } : {}) },
      });
      return true;
    });
    return changed ? this.detail(dealer, leadId) : null;
  }

  /** Adds a private note by this user. Null and throws as changeStatus. */
  async addNote(dealer: DealerPrincipal, leadId: string, body: string): Promise<LeadNote | null> {
    return this.db.transaction(async (manager) => {
      const lead = await this.lockForChange(manager, dealer, leadId);
      if (!lead) return null;
      const [note] = (await manager.query(
        `INSERT INTO lead_notes (lead_id, author_user_id, author_name, body) VALUES ($1, $2, $3, $4)
         RETURNING id, body, author_user_id, author_name, created_at`,
        [leadId, dealer.userId, dealer.name, body],
      )) as NoteRow[];
      // The note's text stays in lead_notes: the log says one was added, not what it says.
      await recordDealerAudit(manager, {
        dealershipId: lead.dealership_id,
        userId: dealer.userId,
        action: 'lead.note_added',
        subject: { type: 'lead', id: leadId },
        detail: { note_id: note!.id },
      });
      return noteOf(note!);
    });
  }

  /**
   * The lead locked for a change, when it is one of the user's dealerships' (else null: the same 404
   * as an unknown id); a viewer of its dealership is refused with 403 only after that.
   */
  private async lockForChange(
    manager: EntityManager,
    dealer: DealerPrincipal,
    leadId: string,
  ): Promise<{
    dealership_id: number;
    dealership_name: string;
    status: LeadStatus;
    assigned_user_id: string | null;
  } | null> {
    const [lead] = (await manager.query(
      `SELECT l.dealership_id, d.name AS dealership_name, l.status, l.assigned_user_id
       FROM leads l JOIN dealerships d ON d.id = l.dealership_id
       WHERE l.id = $1 AND l.dealership_id = ANY($2::int[]) FOR UPDATE OF l`,
      [leadId, dealer.memberships.map((m) => m.dealershipId)],
    )) as { dealership_id: number; dealership_name: string; status: LeadStatus; assigned_user_id: string | null }[];
    if (!lead) return null;
    const membership = dealer.memberships.find((m) => m.dealershipId === lead.dealership_id) as Membership;
    if (membership.role === 'viewer') throw readOnly(membership.name);
    return lead;
  }
}

/** The most rows one export holds: a year of a busy dealership's leads, and a bounded response. */
export const EXPORT_LIMIT = 10_000;

type NoteRow = { id: string; body: string; author_user_id: string | null; author_name: string; created_at: Date };

const noteOf = (row: NoteRow): LeadNote => ({
  id: row.id,
  body: row.body,
  author: { id: row.author_user_id, name: row.author_name },
  createdAt: row.created_at.toISOString(),
});

const readOnly = (dealership: string): ProblemException =>
  new ProblemException({
    status: 403,
    title: 'Read only',
    detail: `Your role in ${dealership} is viewer: you can see its leads but not change them. Ask an owner for the sales role.`,
  });

/** The dealership ids a request covers: one of the user's when named (null when not theirs), else all. */
function dealershipIds(dealer: DealerPrincipal, filters: { dealership?: string }): number[] | null {
  if (!filters.dealership) return dealer.memberships.map((m) => m.dealershipId);
  const chosen = dealer.memberships.find((m) => m.slug === filters.dealership);
  return chosen ? [chosen.dealershipId] : null;
}

/**
 * The digits of a search for a phone number, as a LIKE pattern: '0412 345 678' finds a number stored
 * as '+61412345678' too (the trunk 0 and the country code are left out). Null for under 4 digits.
 */
function phoneDigits(q: string | undefined): string | null {
  const digits = (q ?? '').replace(/\D/g, '').replace(/^(?:0|61)/, '');
  return digits.length >= 4 ? `%${digits}%` : null;
}

/** The WHERE clause of the inbox's filters and its parameters ($1..$6). */
function filtered(ids: number[], filters: LeadFilters): [string, unknown[]] {
  return [
    `l.dealership_id = ANY($1::int[])
     AND ($2::text IS NULL OR l.form = $2)
     AND ($3::text IS NULL OR l.fields->>'name' ILIKE $3 OR l.fields->>'phone' ILIKE $3
          OR l.fields->>'email' ILIKE $3 OR c.stocknum ILIKE $3
          OR regexp_replace(coalesce(l.fields->>'phone', ''), '\\D', '', 'g') LIKE $6)
     AND ($4::text IS NULL OR l.status = $4)
     AND ($5::text IS NULL OR lower(c.stocknum) = lower($5))`,
    [
      ids,
      filters.form ?? null,
      filters.q ? containing(filters.q) : null,
      filters.status ?? null,
      filters.car ?? null,
      phoneDigits(filters.q),
    ],
  ];
}
