import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  carPhotos,
  csvRow,
  CSV_BOM,
  DEFAULT_ALERT_ZONE,
  isPhotoPlaceholder,
  LEAD_STATUS_LABELS,
  leadFormLabel,
  LEAD_VIEWS,
  leadTransition,
  responseMinutes,
  responseState,
  type BusinessHours,
  type DealerRole,
  type LeadStatus,
  type LeadView,
  type ReplyChannel,
  type ReplyKind,
  type ResponseState,
} from '@platform/domain';
import { dealershipHours, siteConfigStore } from '@platform/site-config';
import { storedPhotosOf } from '@platform/stock';
import { DateTime } from 'luxon';
import { ProblemException } from '@platform/server-kit';
import type { DealerPrincipal, Membership } from './dealer-accounts';
import { queueDeskNotice, recordDealerAudit, recordFirstResponse } from '@platform/leads';
import type { LeadCall, LeadFilters, LeadListQuery, LeadStatusChange } from './dealer.schemas';
import { leadTasksOf, type LeadTask } from './dealer-lead-tasks';

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
  /**
   * The first-response clock: when the lead is due an answer by a person (the dealership's target
   * in its sales hours), when one first came, and where it stands now.
   */
  response: {
    dueAt: string | null;
    firstResponseAt: string | null;
    state: ResponseState | null;
    /** How long the first response took, in minutes of the dealership's open time. */
    minutes: number | null;
  };
  /** The dealership's zone (its primary location's): the console shows the lead's times in it. */
  timeZone: string;
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
  /** The reservation (or purchase) whose paid deposit made this lead, as it stands now. */
  reservation: {
    id: string;
    kind: string;
    status: string;
    /** Whole dollars. */
    deposit: number;
    holdExpiresAt: string | null;
  } | null;
  /** The dealership's lost reasons, for the status form (free text is welcome too). */
  lostReasons: string[];
  /** The name of the location the lead is for (the form sends its id). */
  location: string | null;
  /**
   * The customer: the shopper's other leads at this dealership (never another's), found by the
   * normalised email or phone (libs/domain customerKeys), newest first, at most CUSTOMER_LEADS;
   * and the reservations and purchases of all their leads, this one included, newest first.
   */
  customer: {
    leads: {
      id: string;
      createdAt: string;
      form: string;
      status: LeadStatus;
      car: { title: string } | null;
      duplicateOf: string | null;
    }[];
    reservations: {
      id: string;
      leadId: string;
      kind: string;
      status: string;
      /** Whole dollars. */
      deposit: number;
      createdAt: string;
    }[];
  };
  /** The first lead this one repeats within minutes (same shopper, form and car), or null. */
  duplicateOf: string | null;
  /** What the shopper was sent from the console or in the dealership's name, oldest first. */
  replies: LeadReplyView[];
  /** Follow-up tasks (dealer-lead-tasks.ts): open ones soonest due first, then those closed. */
  tasks: LeadTask[];
}

export interface LeadReplyView {
  id: string;
  kind: ReplyKind;
  channel: ReplyChannel;
  /** The person who wrote it, or the dealership's name for its acknowledgement. */
  by: string;
  to: string;
  subject: string | null;
  /** The text as sent; null while an acknowledgement waits to be written. */
  body: string | null;
  status: 'pending' | 'sent' | 'skipped' | 'dead';
  createdAt: string;
  sentAt: string | null;
}

/** The most of a customer's other leads one lead shows. */
export const CUSTOMER_LEADS = 50;

/** The shopper's whole name: the forms ask for a first name (`name`) and most for a last name too. */
const SHOPPER_NAME = `nullif(concat_ws(' ', nullif(btrim(l.fields->>'name'), ''), nullif(btrim(l.fields->>'last_name'), '')), '')`;

/** The dealership's zone (its primary location's), for "today" and the export's wall-clock times. */
const DEALERSHIP_ZONE = `coalesce((SELECT lz.time_zone FROM locations lz WHERE lz.dealership_id = l.dealership_id
  ORDER BY lz."primary" DESC, lz.id LIMIT 1), '${DEFAULT_ALERT_ZONE}')`;

const SUMMARY_COLUMNS = `l.id, l.created_at, l.form, d.slug AS dealership_slug, d.name AS dealership_name,
  ${SHOPPER_NAME} AS name, l.fields->>'email' AS email, l.fields->>'phone' AS phone,
  c.id AS car_id, c.slug AS car_slug, c.stocknum AS car_stocknum,
  concat_ws(' ', c.year, c.make, c.model, c.badge) AS car_title,
  l.status, l.lost_reason, l.assigned_user_id, au.name AS assignee_name, l.dealership_id,
  l.response_due_at, l.first_response_at, l.duplicate_of, ${DEALERSHIP_ZONE} AS time_zone`;

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
  dealership_id: number;
  response_due_at: Date | null;
  first_response_at: Date | null;
  duplicate_of: string | null;
  time_zone: string;
};

const summaryOf = (row: SummaryRow, desk: DeskReading, now: Date): LeadSummary => ({
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
  response: {
    dueAt: row.response_due_at?.toISOString() ?? null,
    firstResponseAt: row.first_response_at?.toISOString() ?? null,
    // A repeat's clock is its first lead's: it is never due or overdue itself.
    state:
      row.response_due_at && !row.duplicate_of
        ? responseState({
            dueAt: row.response_due_at,
            now,
            firstResponseAt: row.first_response_at,
            dueSoonMinutes: desk.dueSoonMinutes,
          })
        : null,
    minutes: row.first_response_at ? responseMinutes(row.created_at, row.first_response_at, desk.hours) : null,
  },
  timeZone: row.time_zone,
});

/** What reading a lead's clock takes from its dealership: its due-soon margin and its sales hours. */
type DeskReading = { dueSoonMinutes: number; hours: BusinessHours };

/** LIKE pattern of a shopper's search: its wildcards are matched literally. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The leads a dealer user may see: those of their dealerships, and nothing else. Every statement
 * filters by the user's dealership ids, so another dealership's or site's lead is simply not found.
 */
@Injectable()
export class DealerLeads {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Newest first, `next` being the `before` of the following page; or, sorted by `due`, the queue:
   * leads still waiting for a first answer first, soonest due first (one page, no `next`). Null
   * when `dealership` is not theirs.
   */
  async list(
    dealer: DealerPrincipal,
    query: LeadListQuery,
  ): Promise<{ leads: LeadSummary[]; next: string | null } | null> {
    const ids = dealershipIds(dealer, query);
    if (!ids) return null;
    const [where, params] = filtered(ids, query, dealer.userId);
    params.push(query.before ?? null, query.after ?? null, query.limit + 1);
    const n = params.length;
    const order =
      query.sort === 'due'
        ? `(l.first_response_at IS NULL AND l.status = 'new' AND l.duplicate_of IS NULL) DESC, l.response_due_at ASC NULLS LAST, l.created_at DESC, l.id DESC`
        : `l.created_at DESC, l.id DESC`;
    const rows = (await this.db.query(
      `SELECT ${SUMMARY_COLUMNS} ${FROM}
       WHERE ${where} AND ($${n - 2}::timestamptz IS NULL OR l.created_at < $${n - 2})
         AND ($${n - 1}::timestamptz IS NULL
           -- \`after\` is a createdAt as JavaScript holds it (milliseconds) while the column keeps
           -- microseconds: newer means a later millisecond, or the newest lead comes back as new.
           -- Written on the parameter so the created_at index still serves it.
           OR l.created_at >= date_trunc('milliseconds', $${n - 1}::timestamptz) + interval '1 millisecond')
       ORDER BY ${order} LIMIT $${n}`,
      params,
    )) as SummaryRow[];
    const page = await this.summaries(rows.slice(0, query.limit));
    const more = rows.length > query.limit && query.sort === 'newest';
    return { leads: page, next: more ? (page.at(-1)?.createdAt ?? null) : null };
  }

  /** How many leads each inbox view holds, with the other filters applied (the tabs' counts). */
  async viewCounts(dealer: DealerPrincipal, filters: LeadFilters): Promise<Record<LeadView | 'all', number> | null> {
    const ids = dealershipIds(dealer, filters);
    if (!ids) return null;
    const [where, params] = filtered(ids, { ...filters, view: undefined }, dealer.userId);
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS all,
         ${LEAD_VIEWS.map((view) => `count(*) FILTER (WHERE ${VIEW_SQL[view]})::int AS ${view}`).join(',\n         ')}
       ${FROM} WHERE ${where}`,
      params,
    )) as Record<LeadView | 'all', number>[];
    return row!;
  }

  /** Rows as the api answers them, each with its clock read against its dealership's settings and hours. */
  private async summaries(rows: SummaryRow[]): Promise<LeadSummary[]> {
    const desks = new Map<number, DeskReading>();
    for (const id of new Set(rows.map((row) => row.dealership_id))) desks.set(id, await this.deskReading(id));
    const now = new Date();
    return rows.map((row) => summaryOf(row, desks.get(row.dealership_id)!, now));
  }

  private async deskReading(dealershipId: number): Promise<DeskReading> {
    const config = await siteConfigStore(this.db).dealership(dealershipId);
    const hours = (await dealershipHours(this.db, dealershipId)) ?? { timeZone: DEFAULT_ALERT_ZONE, hours: [] };
    return { dueSoonMinutes: config.leads.due_soon_minutes, hours };
  }

  /**
   * The filtered list as CSV for a spreadsheet (newest first, at most EXPORT_LIMIT rows), of the
   * dealerships the user owns: every customer's contact details leave the platform with it, so it
   * is an owner's right, and each export is logged (who, how many rows, which filters; never the
   * rows). Times are the dealership's wall clock and codes the console's words; every cell goes
   * through the domain's csvCell, so a shopper's text never runs as a formula. Null as `list`.
   */
  async csv(dealer: DealerPrincipal, filters: LeadFilters): Promise<string | null> {
    const scope = dealershipIds(dealer, filters);
    if (!scope) return null;
    const ids = scope.filter((id) => dealer.memberships.some((m) => m.dealershipId === id && m.role === 'owner'));
    if (ids.length === 0)
      throw new ProblemException({
        status: 403,
        title: 'Export is for owners',
        detail:
          "Exporting leads takes every customer's contact details out of the console, so only a dealership's owner can do it. Ask an owner.",
      });
    const [where, params] = filtered(ids, filters, dealer.userId);
    const rows = await this.db.transaction(async (manager) => {
      const found = (await manager.query(
        `SELECT ${SUMMARY_COLUMNS}
         ${FROM} WHERE ${where}
         ORDER BY l.created_at DESC, l.id DESC LIMIT ${EXPORT_LIMIT}`,
        params,
      )) as SummaryRow[];
      for (const id of ids)
        await recordDealerAudit(manager, {
          dealershipId: id,
          userId: dealer.userId,
          action: 'leads.exported',
          detail: { rows: found.filter((row) => row.dealership_id === id).length, filters: exportFilters(filters) },
        });
      return found;
    });
    const lines = [
      csvRow([
        'Received',
        'Time zone',
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
      ...rows.map((row) => {
        const zone = row.time_zone;
        return csvRow([
          DateTime.fromJSDate(row.created_at, { zone }).toFormat('yyyy-MM-dd HH:mm'),
          zone,
          row.dealership_name,
          leadFormLabel(row.form),
          LEAD_STATUS_LABELS[row.status] ?? row.status,
          row.lost_reason,
          row.name,
          row.email,
          row.phone,
          row.car_stocknum,
          row.car_title,
          row.assignee_name,
          row.id,
        ]);
      }),
    ];
    return `${CSV_BOM}${lines.join('')}`;
  }

  /** One lead of the user's dealerships, or null (unknown, or another dealership's). */
  async detail(dealer: DealerPrincipal, leadId: string): Promise<LeadDetail | null> {
    const [row] = (await this.db.query(
      `SELECT ${SUMMARY_COLUMNS}, l.category, l.subcategory, l.fields, l.user_data,
         (SELECT to_jsonb(v) - 'id' FROM valuations v WHERE v.id = l.valuation_id) AS valuation
         , (SELECT lo.name FROM locations lo WHERE lo.id = l.location_id) AS location_name
         , c.price AS car_price, c.status AS car_status, c.data AS car_data,
         c.dealership_id AS car_dealership_id
       ${FROM}
       WHERE l.id = $1 AND l.dealership_id = ANY($2::int[])`,
      [leadId, dealer.memberships.map((m) => m.dealershipId)],
    )) as (SummaryRow & {
      category: string;
      subcategory: string | null;
      fields: Record<string, unknown>;
      user_data: Record<string, unknown>;
      valuation: Record<string, unknown> | null;
      location_name: string | null;
      car_price: number | null;
      car_status: string | null;
      car_data: Record<string, unknown> | null;
      car_dealership_id: number | null;
    })[];
    if (!row) return null;
    const membership = dealer.memberships.find((m) => m.dealershipId === row.dealership_id);
    const deliveries = (await this.db.query(
      `SELECT channel, status, attempts, updated_at FROM lead_outbox WHERE lead_id = $1 ORDER BY channel`,
      [leadId],
    )) as { channel: string; status: string; attempts: number; updated_at: Date }[];
    const assignees = (await this.db.query(
      `SELECT u.id, u.name FROM dealer_memberships m JOIN dealer_users u ON u.id = m.user_id
       WHERE m.dealership_id = $1 AND m.role = ANY($2::text[]) ORDER BY u.name, u.id`,
      [row.dealership_id, LEAD_HANDLERS],
    )) as { id: string; name: string }[];
    const photo = await this.carPhoto(row);
    const [reservation] = (await this.db.query(
      `SELECT id, kind, status, deposit_cents, hold_expires_at FROM reservations WHERE lead_id = $1
       ORDER BY created_at DESC LIMIT 1`,
      [leadId],
    )) as { id: string; kind: string; status: string; deposit_cents: number; hold_expires_at: Date | null }[];
    const config = await siteConfigStore(this.db).dealership(row.dealership_id);
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
    const customer = await this.customer(leadId, row.dealership_id);
    const replies = (await this.db.query(
      `SELECT id, kind, channel, author_name, recipient, subject, body, status, created_at, sent_at
       FROM lead_replies WHERE lead_id = $1 ORDER BY created_at, id`,
      [leadId],
    )) as {
      id: string;
      kind: ReplyKind;
      channel: ReplyChannel;
      author_name: string;
      recipient: string;
      subject: string | null;
      body: string | null;
      status: LeadReplyView['status'];
      created_at: Date;
      sent_at: Date | null;
    }[];
    return {
      ...summaryOf(row, await this.deskReading(row.dealership_id), new Date()),
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
              photo,
              price: row.car_price,
              path: `/cars/${row.car_slug}`,
              status: row.car_status ?? 'in_stock',
            },
      canChange: membership !== undefined && membership.role !== 'viewer',
      assignees,
      notes: notes.map(noteOf),
      history: history.map((h) => ({ at: h.at.toISOString(), action: h.action, by: h.by, detail: h.detail })),
      reservation: reservation
        ? {
            id: reservation.id,
            kind: reservation.kind,
            status: reservation.status,
            deposit: reservation.deposit_cents / 100,
            holdExpiresAt: reservation.hold_expires_at?.toISOString() ?? null,
          }
        : null,
      lostReasons: config.leads.lost_reasons,
      location: row.location_name,
      customer: customer.customer,
      duplicateOf: customer.duplicateOf,
      replies: replies.map((reply) => ({
        id: reply.id,
        kind: reply.kind,
        channel: reply.channel,
        by: reply.author_name,
        to: reply.recipient,
        subject: reply.subject,
        body: reply.body,
        status: reply.status,
        createdAt: reply.created_at.toISOString(),
        sentAt: reply.sent_at?.toISOString() ?? null,
      })),
      tasks: await leadTasksOf(this.db, leadId),
    };
  }

  /**
   * The lead's customer: the leads of its dealership sharing its email or phone key (the indexes
   * (dealership_id, customer_email|phone) find them), and their reservations. Scoped by the lead's
   * own dealership, so the same shopper's leads at another dealership, even of the same group or
   * user, are never shown here.
   */
  private async customer(leadId: string, dealershipId: number): Promise<Pick<LeadDetail, 'customer' | 'duplicateOf'>> {
    const leads = (await this.db.query(
      `SELECT o.id, o.created_at, o.form, o.status, o.duplicate_of,
         CASE WHEN c.id IS NULL THEN NULL ELSE concat_ws(' ', c.year, c.make, c.model, c.badge) END AS car_title
       FROM leads me JOIN leads o ON o.dealership_id = $2 AND o.id <> me.id
         AND (o.customer_email = me.customer_email OR o.customer_phone = me.customer_phone)
       LEFT JOIN cars c ON c.id = o.car_id
       WHERE me.id = $1 AND me.dealership_id = $2
       ORDER BY o.created_at DESC, o.id DESC LIMIT ${CUSTOMER_LEADS}`,
      [leadId, dealershipId],
    )) as {
      id: string;
      created_at: Date;
      form: string;
      status: LeadStatus;
      duplicate_of: string | null;
      car_title: string | null;
    }[];
    const reservations = (await this.db.query(
      `SELECT id, lead_id, kind, status, deposit_cents, created_at FROM reservations
       WHERE lead_id = ANY($1::uuid[]) AND dealership_id = $2 ORDER BY created_at DESC, id DESC LIMIT ${CUSTOMER_LEADS}`,
      [[leadId, ...leads.map((lead) => lead.id)], dealershipId],
    )) as { id: string; lead_id: string; kind: string; status: string; deposit_cents: number; created_at: Date }[];
    const [self] = (await this.db.query(`SELECT duplicate_of FROM leads WHERE id = $1`, [leadId])) as {
      duplicate_of: string | null;
    }[];
    return {
      customer: {
        leads: leads.map((lead) => ({
          id: lead.id,
          createdAt: lead.created_at.toISOString(),
          form: lead.form,
          status: lead.status,
          car: lead.car_title === null ? null : { title: lead.car_title },
          duplicateOf: lead.duplicate_of,
        })),
        reservations: reservations.map((r) => ({
          id: r.id,
          leadId: r.lead_id,
          kind: r.kind,
          status: r.status,
          deposit: r.deposit_cents / 100,
          createdAt: r.created_at.toISOString(),
        })),
      },
      duplicateOf: self?.duplicate_of ?? null,
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
      // Moving a lead on from New means a person has dealt with the shopper: the clock stops.
      if (lead.status === 'new') await recordFirstResponse(manager, leadId, dealer.userId, 'status');
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
          `SELECT u.name, m.role FROM dealer_memberships m JOIN dealer_users u ON u.id = m.user_id
           WHERE m.user_id = $1 AND m.dealership_id = $2`,
          [userId, lead.dealership_id],
        )) as { name: string; role: DealerRole }[];
        if (member && !LEAD_HANDLERS.includes(member.role)) {
          const message = `${member.name} is read only (viewer) at ${lead.dealership_name}: choose someone who can answer the lead.`;
          throw new ProblemException({
            status: 400,
            title: 'Read-only user',
            detail: message,
            errors: [{ path: 'userId', message }],
          });
        }
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
      // A person who hands an overdue lead to someone has taken the ladder's place: the platform no
      // longer escalates or moves it on (it would undo their choice); the new assignee is told below.
      await manager.query(
        `UPDATE leads SET assigned_user_id = $2, assigned_at = CASE WHEN $2::uuid IS NULL THEN NULL ELSE now() END,
           escalation_level = CASE WHEN escalation_level >= 1 THEN 3 ELSE escalation_level END
         WHERE id = $1`,
        [leadId, userId],
      );
      // Given to someone else: they are told, as a round-robin assignee is (taking it yourself needs no email).
      if (userId !== null && userId !== dealer.userId && userId !== lead.assigned_user_id)
        await queueDeskNotice(manager, leadId, 'assigned', [userId]);
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

  /**
   * Logs a call the user made to the shopper: it answers the lead (the clock stops), a call where
   * they spoke moves a new lead to contacted, and what was said is kept as a private note. Null
   * and throws as changeStatus.
   */
  async logCall(dealer: DealerPrincipal, leadId: string, call: LeadCall): Promise<LeadDetail | null> {
    const logged = await this.db.transaction(async (manager) => {
      const lead = await this.lockForChange(manager, dealer, leadId);
      if (!lead) return false;
      await recordFirstResponse(manager, leadId, dealer.userId, 'call');
      let noteId: string | null = null;
      if (call.note) {
        const [note] = (await manager.query(
          `INSERT INTO lead_notes (lead_id, author_user_id, author_name, body) VALUES ($1, $2, $3, $4) RETURNING id`,
          [leadId, dealer.userId, dealer.name, call.note],
        )) as { id: string }[];
        noteId = note!.id;
      }
      await recordDealerAudit(manager, {
        dealershipId: lead.dealership_id,
        userId: dealer.userId,
        action: 'lead.call_logged',
        subject: { type: 'lead', id: leadId },
        detail: { outcome: call.outcome, ...(noteId ? { note_id: noteId } : {}) },
      });
      if (call.outcome === 'spoke' && lead.status === 'new') {
        await manager.query(`UPDATE leads SET status = 'contacted', status_changed_at = now() WHERE id = $1`, [leadId]);
        await recordDealerAudit(manager, {
          dealershipId: lead.dealership_id,
          userId: dealer.userId,
          action: 'lead.status_changed',
          subject: { type: 'lead', id: leadId },
          detail: { from: 'new', to: 'contacted', call: call.outcome },
        });
      }
      return true;
    });
    return logged ? this.detail(dealer, leadId) : null;
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
   * The car's first photo as the platform stores it (never the dealer's own address, which the
   * console's CSP blocks and which may leak where a shopper was looking): null while not stored.
   */
  private async carPhoto(row: {
    car_data: Record<string, unknown> | null;
    car_dealership_id: number | null;
  }): Promise<string | null> {
    if (!row.car_data || row.car_dealership_id === null) return null;
    const car = { dealership_id: row.car_dealership_id, data: row.car_data };
    const lookup = (await storedPhotosOf(this.db, [car]))(car.dealership_id);
    const photo = carPhotos(car.data, lookup).primary_image_url;
    return photo && !isPhotoPlaceholder(photo) ? photo : null;
  }

  /**
   * The lead locked for a change, when it is one of the user's dealerships' (else null: the same 404
   * as an unknown id); a viewer of its dealership is refused with 403 only after that.
   */
  async lockForChange(
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

/**
 * The filters an export used, as its log keeps them (only those given). A search is logged as
 * having been made, never its words: they are often a shopper's name, phone or email.
 */
const exportFilters = (filters: LeadFilters): Record<string, string | boolean> =>
  Object.fromEntries(
    Object.entries(filters)
      .filter(([, value]) => typeof value === 'string' && value !== '')
      .map(([key, value]) => [key, key === 'q' ? true : (value as string)]),
  );

/** Who answers leads, so who may be assigned one: never a read-only viewer. */
export const LEAD_HANDLERS: readonly DealerRole[] = ['owner', 'sales'];

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

/**
 * Each inbox view as a condition on a lead row (`$8` is the user's id). Overdue is "no first
 * response, still new, past its due time"; today is the dealership's calendar day.
 */
const VIEW_SQL: Record<LeadView, string> = {
  mine: `l.assigned_user_id = $8::uuid`,
  unassigned: `l.assigned_user_id IS NULL AND l.status IN ('new', 'contacted', 'appointment')`,
  overdue: `l.first_response_at IS NULL AND l.status = 'new' AND l.duplicate_of IS NULL AND l.response_due_at <= now()`,
  today: `l.created_at >= (date_trunc('day', now() AT TIME ZONE ${DEALERSHIP_ZONE}) AT TIME ZONE ${DEALERSHIP_ZONE})`,
};

/** The WHERE clause of the inbox's filters and its parameters ($1..$10). */
function filtered(ids: number[], filters: LeadFilters, userId: string): [string, unknown[]] {
  return [
    `l.dealership_id = ANY($1::int[])
     AND ($2::text IS NULL OR l.form = $2)
     AND ($3::text IS NULL OR ${SHOPPER_NAME} ILIKE $3 OR l.fields->>'phone' ILIKE $3
          OR l.fields->>'email' ILIKE $3 OR c.stocknum ILIKE $3
          OR regexp_replace(coalesce(l.fields->>'phone', ''), '\\D', '', 'g') LIKE $6)
     AND ($4::text IS NULL OR l.status = $4)
     AND ($5::text IS NULL OR lower(c.stocknum) = lower($5))
     AND ($7::text IS NULL OR ${LEAD_VIEWS.map((view) => `($7 = '${view}' AND ${VIEW_SQL[view]})`).join(' OR ')})
     AND $8::uuid IS NOT NULL
     -- The date range is of the dealership's calendar days, both included: from its midnight at the
     -- start of from to its midnight at the end of to (a 23- or 25-hour day when the clocks change).
     AND ($9::date IS NULL OR l.created_at >= ($9::date::timestamp AT TIME ZONE ${DEALERSHIP_ZONE}))
     AND ($10::date IS NULL OR l.created_at < (($10::date + 1)::timestamp AT TIME ZONE ${DEALERSHIP_ZONE}))`,
    [
      ids,
      filters.form ?? null,
      filters.q ? containing(filters.q) : null,
      filters.status ?? null,
      filters.car ?? null,
      phoneDigits(filters.q),
      filters.view ?? null,
      userId,
      filters.from ?? null,
      filters.to ?? null,
    ],
  ];
}
