import type { Metadata } from 'next';
import Link from 'next/link';
import { CreateKeyForm } from '@/components/dealer-console/create-key-form';
import { ConsoleFrame, param, SignedOut } from '@/components/dealer-console/console-frame';
import styles from '@/components/dealer-console/console.module.css';
import {
  consoleGet,
  KeyListSchema,
  getDealerMe,
  RunDetailSchema,
  RunListSchema,
  type ConsoleRunDetail,
} from '@/lib/api/dealer';
import { feedRunLabel } from '@/lib/dealer-console/format';
import { AskFirst, ConfirmStep } from '@/components/dealer-console/confirm-step';
import { personalPage } from '@/lib/edge/personal-page';
import { revokeKeyAction, runAction } from '../console-actions';

export const metadata: Metadata = personalPage({ title: 'Feed health · Dealer console' });
export const dynamic = 'force-dynamic';

const DONE: Record<string, string> = {
  confirm: 'Confirmed: the snapshot is being applied.',
  reject: 'Rejected: the snapshot was discarded and nothing was applied.',
  revoked: 'Key revoked: pushes with it are refused from now on.',
};

const at = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Australia/Sydney',
});
const when = (iso: string | null): string => (iso ? at.format(new Date(iso)) : '—');

/** More cars than this are folded away, so a large snapshot's list never buries the Confirm and Reject buttons. */
const WITHDRAWALS_SHOWN_OPEN = 10;

function WithdrawalList({ withdrawals }: { withdrawals: NonNullable<ConsoleRunDetail['held']>['withdrawals'] }) {
  const list = (
    <ul>
      {withdrawals.map((w) => (
        <li key={w.stocknum}>
          {w.title ?? 'Unknown car'} · stock {w.stocknum}
          {w.live ? '' : ' (already gone)'}
        </li>
      ))}
    </ul>
  );
  if (withdrawals.length <= WITHDRAWALS_SHOWN_OPEN) return list;
  return (
    <details>
      <summary>Show the {withdrawals.length} cars</summary>
      {list}
    </details>
  );
}

function RunDetail({ run, site, rejecting }: { run: ConsoleRunDetail; site: string; rejecting: boolean }) {
  const hidden = (action: string) => (
    <>
      <input type="hidden" name="site" value={site} />
      <input type="hidden" name="id" value={run.id} />
      <input type="hidden" name="action" value={action} />
    </>
  );
  return (
    <section className={styles.card} aria-labelledby="run-title" data-run={run.id}>
      <div className={styles.cardHead}>
        <h2 id="run-title">
          Run of {when(run.receivedAt)} · {run.dealership.name}
        </h2>
        <span className={styles.pill}>{feedRunLabel(run)}</span>
      </div>
      {run.detail ? <p>{run.detail}</p> : null}
      {run.held ? (
        <div className={styles.section}>
          <h3>Cars this snapshot would withdraw ({run.held.withdrawals.length})</h3>
          {!run.held.recorded ? (
            <p className={styles.muted}>This run was held before the list of cars was recorded.</p>
          ) : (
            <WithdrawalList withdrawals={run.held.withdrawals} />
          )}
          {run.held.laterRun ? (
            <p>
              <Link href={`/dealer/feed?run=${run.held.laterRun.id}`}>
                The later run of {when(run.held.laterRun.receivedAt)}
              </Link>{' '}
              is applied, so this snapshot can no longer be confirmed.
            </p>
          ) : null}
          {run.can.reject && rejecting ? (
            <ConfirmStep
              id="reject-confirm"
              question="Reject this snapshot?"
              consequence="Nothing in it is applied: your listed cars stay as they are, and the run cannot be confirmed afterwards."
              action={runAction}
              fields={hidden('reject')}
              confirmLabel="Yes, reject it"
              cancelHref={`/dealer/feed?run=${run.id}`}
            />
          ) : run.can.confirm || run.can.reject ? (
            <div className={styles.actions}>
              {run.can.confirm ? (
                <form action={runAction}>
                  {hidden('confirm')}
                  <button type="submit" className={styles.danger}>
                    Confirm: withdraw these cars
                  </button>
                </form>
              ) : null}
              <AskFirst
                path="/dealer/feed"
                param="reject"
                value={run.id}
                anchor="reject-confirm"
                keep={{ run: run.id }}
              >
                Reject the snapshot
              </AskFirst>
            </div>
          ) : (
            <p className={styles.muted}>An owner of the dealership can confirm or reject it.</p>
          )}
        </div>
      ) : null}
      <div className={styles.section}>
        <h3>Row errors ({run.errors.length + run.errorsOmitted})</h3>
        {run.errors.length === 0 ? (
          <p className={styles.muted}>No row was rejected.</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Stock no.</th>
                  <th scope="col">Field</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {run.errors.map((e, i) => (
                  <tr key={`${e.row}-${e.field}-${i}`}>
                    <td data-label="Row">{e.row}</td>
                    <td data-label="Stock no.">{e.stocknum ?? '—'}</td>
                    <td data-label="Field">{e.field}</td>
                    <td data-label="Problem">{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {run.errorsOmitted > 0 ? <p className={styles.muted}>And {run.errorsOmitted} more not kept.</p> : null}
      </div>
      <div className={styles.section}>
        <h3>Warnings ({run.warnings.length + run.warningsOmitted})</h3>
        {run.warnings.length === 0 ? (
          <p className={styles.muted}>None.</p>
        ) : (
          <ul>
            {run.warnings.map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** /dealer/feed: the feed runs of the user's dealerships, a run's errors and held snapshot, and the feed keys. */
export default async function DealerFeedPage({
  params,
  searchParams,
}: {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { site } = await params;
  const query = await searchParams;
  const [me, list] = await Promise.all([
    getDealerMe(site),
    consoleGet(site, '/api/dealer/feed/runs?limit=30', RunListSchema),
  ]);
  if (!me || !list) return <SignedOut />;
  const selected = param(query['run']);
  const held = list.runs.find((r) => r.status === 'held');
  const runId = selected && /^[0-9a-f-]{36}$/i.test(selected) ? selected : (held?.id ?? null);
  const run = runId
    ? await consoleGet(site, `/api/dealer/feed/runs/${runId}`, RunDetailSchema).catch(() => null)
    : null;
  const owned = me.dealerships.filter((d) => d.role === 'owner');
  const keys = owned.length > 0 ? await consoleGet(site, '/api/dealer/feed/keys', KeyListSchema) : null;
  const done = param(query['done']);
  const revokeId = param(query['revoke']);
  const revoking = keys?.keys.find((k) => String(k.id) === revokeId && !k.revokedAt) ?? null;
  return (
    <ConsoleFrame title="Feed health" notice={done ? (DONE[done] ?? null) : null} error={param(query['error'])}>
      {run ? <RunDetail run={run} site={site} rejecting={param(query['reject']) === run.id} /> : null}
      <section className={styles.section} aria-labelledby="runs-title">
        <h2 id="runs-title">Recent runs</h2>
        {list.runs.length === 0 ? (
          <p className={styles.muted}>No feed has been pushed yet.</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Received</th>
                  <th scope="col">Status</th>
                  <th scope="col">Rows</th>
                  <th scope="col">Rejected</th>
                  <th scope="col">Dealership</th>
                </tr>
              </thead>
              <tbody>
                {list.runs.map((r) => (
                  <tr key={r.id}>
                    <td data-label="Received">
                      <Link href={`/dealer/feed?run=${r.id}`} aria-current={r.id === runId ? 'true' : undefined}>
                        {when(r.receivedAt)}
                      </Link>
                    </td>
                    <td data-label="Status">{feedRunLabel(r)}</td>
                    <td data-label="Rows">{r.counts['received'] ?? 0}</td>
                    <td data-label="Rejected">{r.counts['rejected'] ?? 0}</td>
                    <td data-label="Dealership">{r.dealership.name}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {keys ? (
        <section className={styles.section} aria-labelledby="keys-title">
          <h2 id="keys-title">Feed keys</h2>
          <p className={styles.muted}>
            Your stock system sends its feed with one of these keys. Only the first characters are kept on show.
          </p>
          {keys.keys.length === 0 ? (
            <p className={styles.muted}>No keys yet.</p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">Key</th>
                    <th scope="col">Created</th>
                    <th scope="col">Last used</th>
                    <th scope="col">Dealership</th>
                    <th scope="col">
                      <span className="visually-hidden">Action</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {keys.keys.map((k) => (
                    <tr key={k.id}>
                      <td data-label="Key">
                        <code>{k.prefix}…</code>
                      </td>
                      <td data-label="Created">{when(k.createdAt)}</td>
                      <td data-label="Last used">{when(k.lastUsedAt)}</td>
                      <td data-label="Dealership">{k.dealership.name}</td>
                      <td data-label="">
                        {k.revokedAt ? (
                          <span className={styles.muted}>Revoked {when(k.revokedAt)}</span>
                        ) : (
                          <AskFirst
                            path="/dealer/feed"
                            param="revoke"
                            value={String(k.id)}
                            anchor="revoke-confirm"
                            label={`Revoke key ${k.prefix}`}
                            keep={runId ? { run: runId } : {}}
                          >
                            Revoke
                          </AskFirst>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {revoking ? (
            <ConfirmStep
              id="revoke-confirm"
              question={`Revoke key ${revoking.prefix}?`}
              consequence={`Pushes from your stock system with this key are refused at once, so ${revoking.dealership.name}'s stock stops updating until the system sends with another key. This cannot be undone.`}
              action={revokeKeyAction}
              fields={
                <>
                  <input type="hidden" name="site" value={site} />
                  <input type="hidden" name="id" value={revoking.id} />
                </>
              }
              confirmLabel="Yes, revoke the key"
              cancelHref="/dealer/feed"
            />
          ) : null}
          <CreateKeyForm site={site} dealerships={owned.map(({ slug, name }) => ({ slug, name }))} />
        </section>
      ) : null}
    </ConsoleFrame>
  );
}
