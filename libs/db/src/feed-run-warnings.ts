import type { EntityManager } from 'typeorm';

/** Warnings kept on a feed run; warnings_omitted counts the rest. */
export const FEED_RUN_MAX_WARNINGS = 100;

/**
 * Appends warnings to a feed run, running or finished (a photo refused after its run ended still
 * belongs to it), keeping at most FEED_RUN_MAX_WARNINGS and counting the rest in warnings_omitted. One
 * statement, so it composes with the ingest's own locked reads of the run; updated_at is left
 * alone (it is the run's progress clock, which the stuck-run check reads).
 */
export async function appendFeedRunWarnings(
  manager: EntityManager,
  feedRunId: string,
  warnings: readonly string[],
  max = FEED_RUN_MAX_WARNINGS,
): Promise<void> {
  if (warnings.length === 0) return;
  await manager.query(
    `UPDATE feed_runs SET
       warnings = warnings || to_jsonb(($2::text[])[1:greatest(0, $3 - jsonb_array_length(warnings))]),
       warnings_omitted = warnings_omitted + greatest(0, cardinality($2::text[]) - greatest(0, $3 - jsonb_array_length(warnings)))
     WHERE id = $1`,
    [feedRunId, warnings, max],
  );
}
