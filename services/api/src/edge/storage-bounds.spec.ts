import type { z } from 'zod';
import {
  FeedCarSchema,
  OnlinePaymentRequestSchema,
  PG_INT_MAX,
  ReservationsSchema,
  type FeedCar,
} from '@platform/domain';
import { createTestDatabase, type TestDatabase } from '@platform/testing';

/**
 * Every bound a schema puts on a value that reaches a column, against the column it lands in (read
 * from a migrated database): a value the schema accepts must be one the column can hold, or it is
 * a 500 on the write (a feed's reserve_deposit of 30,000,000 became 3,000,000,000 deposit cents).
 * Add a row here with every schema field that is stored in a typed column.
 */
interface Bound {
  what: string;
  schema: z.ZodType;
  table: string;
  column: string;
  /** The column stores the value times this (dollars to cents). */
  scale?: number;
}

const feed = (field: keyof FeedCar & string, column = field, table = 'cars', scale = 1): Bound => ({
  what: `feed row ${field}`,
  schema: (FeedCarSchema.shape as Record<string, z.ZodType>)[field]!,
  table,
  column,
  scale,
});

const BOUNDS: Bound[] = [
  feed('price'),
  feed('before_price'),
  feed('subscription_price'),
  feed('km'),
  feed('seats'),
  feed('year'),
  feed('custom_rank'),
  // The car's own deposit is what checkout charges (reserveDeposit), in cents.
  feed('reserve_deposit', 'deposit_cents', 'reservations', 100),
  {
    what: 'site config reservations.deposit',
    schema: ReservationsSchema.shape.deposit,
    table: 'reservations',
    column: 'deposit_cents',
    scale: 100,
  },
  {
    what: 'online payment amount',
    schema: OnlinePaymentRequestSchema.shape.amount,
    table: 'online_payments',
    column: 'amount_cents',
    scale: 100,
  },
];

interface ZodInternals {
  _zod: { def: Record<string, unknown> & { checks?: { _zod: { def: Record<string, unknown> } }[] } };
}

/** The tightest bound of a schema through its wrappers (optional, nullable, default, pipes, unions). */
function boundsOf(schema: unknown): { max?: number; min?: number; maxLength?: number } {
  const { def } = (schema as ZodInternals)._zod;
  const own = (def.checks ?? []).map((check) => check._zod.def);
  const ownOf = (kind: string, key: string) =>
    own.filter((check) => check['check'] === kind).map((check) => check[key] as number);
  const inner = [def['innerType'], def['in'], def['out'], ...((def['options'] as unknown[]) ?? [])].filter(Boolean);
  const found = inner.map(boundsOf);
  const tightest = (values: (number | undefined)[], pick: (...n: number[]) => number) => {
    const present = values.filter((value): value is number => value !== undefined && Number.isFinite(value));
    return present.length > 0 ? pick(...present) : undefined;
  };
  return {
    max: tightest([...ownOf('less_than', 'value'), ...found.map((b) => b.max)], Math.min),
    min: tightest([...ownOf('greater_than', 'value'), ...found.map((b) => b.min)], Math.max),
    maxLength: tightest([...ownOf('max_length', 'maximum'), ...found.map((b) => b.maxLength)], Math.min),
  };
}

const INTEGER_RANGE: Record<string, [number, number]> = {
  smallint: [-32_768, 32_767],
  integer: [-2_147_483_648, PG_INT_MAX],
  bigint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

describe('schema bounds against the columns their values are stored in', () => {
  let db: TestDatabase;
  let columns: Map<string, { data_type: string; character_maximum_length: number | null }>;

  beforeAll(async () => {
    db = await createTestDatabase('platform_api_bounds');
    const rows = (await db.dataSource.query(
      `SELECT table_name, column_name, data_type, character_maximum_length FROM information_schema.columns WHERE table_schema = 'public'`,
    )) as { table_name: string; column_name: string; data_type: string; character_maximum_length: number | null }[];
    columns = new Map(rows.map((row) => [`${row.table_name}.${row.column_name}`, row]));
  });

  afterAll(async () => {
    await db?.destroy();
  });

  it.each(BOUNDS.map((bound) => [bound.what, bound] as const))('%s fits its column', (_what, bound) => {
    const column = columns.get(`${bound.table}.${bound.column}`);
    expect({ column: `${bound.table}.${bound.column}`, exists: Boolean(column) }).toEqual({
      column: `${bound.table}.${bound.column}`,
      exists: true,
    });
    const { max, min, maxLength } = boundsOf(bound.schema);
    const scale = bound.scale ?? 1;
    const range = INTEGER_RANGE[column!.data_type];
    if (range) {
      // An unbounded number is a mismatch too: nothing then keeps it inside the column.
      expect({ what: bound.what, max: max === undefined ? 'unbounded' : max * scale <= range[1] }).toEqual({
        what: bound.what,
        max: true,
      });
      if (min !== undefined) expect(min * scale).toBeGreaterThanOrEqual(range[0]);
    }
    if (column!.character_maximum_length !== null) {
      expect({
        what: bound.what,
        maxLength: maxLength !== undefined && maxLength <= column!.character_maximum_length,
      }).toEqual({
        what: bound.what,
        maxLength: true,
      });
    }
  });

  it('knows every integer or varchar column the bounds land in', () => {
    for (const bound of BOUNDS) {
      const column = columns.get(`${bound.table}.${bound.column}`)!;
      expect(INTEGER_RANGE[column.data_type] ?? column.character_maximum_length).toBeTruthy();
    }
  });
});
