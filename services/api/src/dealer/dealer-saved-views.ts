import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { SAVED_VIEWS_MAX } from '@platform/domain';
import { ProblemException } from '@platform/server-kit';
import type { DealerPrincipal } from './dealer-accounts';
import type { SavedViewCreate, SavedViewFilters } from './dealer-lead-bulk.schemas';

export interface SavedView {
  id: string;
  name: string;
  filters: SavedViewFilters;
  createdAt: string;
}

type Row = { id: string; name: string; filters: SavedViewFilters; created_at: Date };
const viewOf = (row: Row): SavedView => ({
  id: row.id,
  name: row.name,
  filters: row.filters,
  createdAt: row.created_at.toISOString(),
});

/**
 * A user's saved inbox views (issue 53 item 4): their own named filters, seen by nobody else.
 * Every statement names the user, so another user's view is simply not found.
 */
@Injectable()
export class DealerSavedViews {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(dealer: DealerPrincipal): Promise<SavedView[]> {
    const rows = (await this.db.query(
      `SELECT id, name, filters, created_at FROM saved_lead_views WHERE user_id = $1 ORDER BY lower(name), id`,
      [dealer.userId],
    )) as Row[];
    return rows.map(viewOf);
  }

  /** Saves the filters under a name of the user's own (unique whatever its case), at most SAVED_VIEWS_MAX. */
  async create(dealer: DealerPrincipal, input: SavedViewCreate): Promise<SavedView> {
    const { dealership } = input.filters;
    if (dealership && !dealer.memberships.some((m) => m.slug === dealership))
      throw refused('filters.dealership', `You have no dealership '${dealership}'.`);
    // Only the filters given are kept, so the view opens as the address it was saved from.
    const filters = Object.fromEntries(Object.entries(input.filters).filter(([, value]) => value !== undefined));
    return this.db.transaction(async (manager) => {
      // The user's row lock makes the count and the insert one step: two saves at once never pass 20.
      await manager.query(`SELECT id FROM dealer_users WHERE id = $1 FOR UPDATE`, [dealer.userId]);
      const [{ count, taken }] = (await manager.query(
        `SELECT count(*)::int AS count, bool_or(lower(name) = lower($2)) AS taken FROM saved_lead_views WHERE user_id = $1`,
        [dealer.userId, input.name],
      )) as { count: number; taken: boolean | null }[] as [{ count: number; taken: boolean | null }];
      if (taken) throw refused('name', `You have a view called ${input.name} already: choose another name.`, 409);
      if (count >= SAVED_VIEWS_MAX)
        throw refused('name', `You can keep ${SAVED_VIEWS_MAX} saved views: delete one to save another.`, 409);
      const [row] = (await manager.query(
        `INSERT INTO saved_lead_views (user_id, name, filters) VALUES ($1, $2, $3) RETURNING id, name, filters, created_at`,
        [dealer.userId, input.name, JSON.stringify(filters)],
      )) as Row[];
      return viewOf(row!);
    });
  }

  /** Deletes one of the user's views; false when it is not theirs (or unknown). */
  async remove(dealer: DealerPrincipal, id: string): Promise<boolean> {
    const [, count] = (await this.db.query(`DELETE FROM saved_lead_views WHERE id = $1 AND user_id = $2`, [
      id,
      dealer.userId,
    ])) as [unknown, number];
    return count > 0;
  }
}

const refused = (path: string, message: string, status = 400): ProblemException =>
  new ProblemException({
    status,
    title: status === 409 ? 'Cannot save this view' : 'Invalid request',
    detail: message,
    errors: [{ path, message }],
  });
