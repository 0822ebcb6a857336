import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { DealerPrincipal } from './dealer-accounts';
import type { LeadListQuery } from './dealer.schemas';

export interface LeadSummary {
  id: string;
  createdAt: string;
  form: string;
  dealership: { slug: string; name: string };
  name: string | null;
  email: string | null;
  phone: string | null;
  car: { id: number; slug: string; stocknum: string; title: string } | null;
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
}

const SUMMARY_COLUMNS = `l.id, l.created_at, l.form, d.slug AS dealership_slug, d.name AS dealership_name,
  l.fields->>'name' AS name, l.fields->>'email' AS email, l.fields->>'phone' AS phone,
  c.id AS car_id, c.slug AS car_slug, c.stocknum AS car_stocknum,
  concat_ws(' ', c.year, c.make, c.model, c.badge) AS car_title`;

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
    let ids = dealer.memberships.map((m) => m.dealershipId);
    if (query.dealership) {
      const chosen = dealer.memberships.find((m) => m.slug === query.dealership);
      if (!chosen) return null;
      ids = [chosen.dealershipId];
    }
    const rows = (await this.db.query(
      `SELECT ${SUMMARY_COLUMNS}
       FROM leads l JOIN dealerships d ON d.id = l.dealership_id LEFT JOIN cars c ON c.id = l.car_id
       WHERE l.dealership_id = ANY($1::int[])
         AND ($2::text IS NULL OR l.form = $2)
         AND ($3::text IS NULL OR l.fields->>'name' ILIKE $3 OR l.fields->>'phone' ILIKE $3
              OR l.fields->>'email' ILIKE $3 OR c.stocknum ILIKE $3)
         AND ($4::timestamptz IS NULL OR l.created_at < $4)
       ORDER BY l.created_at DESC, l.id DESC LIMIT $5`,
      [ids, query.form ?? null, query.q ? containing(query.q) : null, query.before ?? null, query.limit + 1],
    )) as SummaryRow[];
    const page = rows.slice(0, query.limit).map(summaryOf);
    return { leads: page, next: rows.length > query.limit ? (page.at(-1)?.createdAt ?? null) : null };
  }

  /** One lead of the user's dealerships, or null (unknown, or another dealership's). */
  async detail(dealer: DealerPrincipal, leadId: string): Promise<LeadDetail | null> {
    const [row] = (await this.db.query(
      `SELECT ${SUMMARY_COLUMNS}, l.category, l.subcategory, l.fields, l.user_data,
         (SELECT to_jsonb(v) - 'id' FROM valuations v WHERE v.id = l.valuation_id) AS valuation
       FROM leads l JOIN dealerships d ON d.id = l.dealership_id LEFT JOIN cars c ON c.id = l.car_id
       WHERE l.id = $1 AND l.dealership_id = ANY($2::int[])`,
      [leadId, dealer.memberships.map((m) => m.dealershipId)],
    )) as (SummaryRow & {
      category: string;
      subcategory: string | null;
      fields: Record<string, unknown>;
      user_data: Record<string, unknown>;
      valuation: Record<string, unknown> | null;
    })[];
    if (!row) return null;
    const deliveries = (await this.db.query(
      `SELECT channel, status, attempts, updated_at FROM lead_outbox WHERE lead_id = $1 ORDER BY channel`,
      [leadId],
    )) as { channel: string; status: string; attempts: number; updated_at: Date }[];
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
    };
  }
}
