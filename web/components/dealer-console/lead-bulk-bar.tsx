'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { bulkSummary, DEALER_CSRF_HEADER, LEAD_LOST_REASON_MAX, type BulkAction } from '@platform/domain';
import { postJson } from '@/lib/api/browser';
import { BULK_CHECKBOX } from '@/lib/dealer-console/lead-bulk';
import styles from './lead-bulk.module.css';

interface Props {
  csrfToken: string;
  assignees: { id: string; name: string }[];
  lostReasons: string[];
}

type Outcome = {
  batchId: string | null;
  action: BulkAction;
  changed: number;
  assignee: { id: string; name: string } | null;
  skipped: { id: string; reason: string }[];
};
type Undone = { restored: string[]; left: { id: string; reason: string }[] };
type Message = { text: string; batchId: string | null };

const OTHER = '__other__';

const boxes = (): HTMLInputElement[] => [...document.querySelectorAll<HTMLInputElement>(`input[${BULK_CHECKBOX}]`)];
const leads = (n: number) => `${n} ${n === 1 ? 'lead' : 'leads'}`;

/**
 * Bulk assign and bulk close as lost (issue 53 item 4). Shown only once a lead is ticked, docked
 * at the foot of the screen, so the inbox keeps its room; what happened is said in a live region
 * with Undo as a button (the api keeps a batch undoable for 10 minutes).
 */
export function LeadBulkBar({ csrfToken, assignees, lostReasons }: Props) {
  const router = useRouter();
  const [selected, setSelected] = useState<string[]>([]);
  const [mode, setMode] = useState<BulkAction | null>(null);
  const [reasonChoice, setReasonChoice] = useState(lostReasons[0] ?? OTHER);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const undoButton = useRef<HTMLButtonElement>(null);

  const recount = useCallback(
    () =>
      setSelected(
        boxes()
          .filter((box) => box.checked)
          .map((box) => box.value),
      ),
    [],
  );

  useEffect(() => {
    const onChange = (event: Event) => {
      if (event.target instanceof HTMLInputElement && event.target.hasAttribute(BULK_CHECKBOX)) recount();
    };
    document.addEventListener('change', onChange);
    recount();
    return () => document.removeEventListener('change', onChange);
  }, [recount]);

  useEffect(() => {
    if (message?.batchId) undoButton.current?.focus();
  }, [message]);

  const clear = () => {
    for (const box of boxes()) box.checked = false;
    setSelected([]);
    setMode(null);
    setError('');
  };

  async function send(body: Record<string, unknown>): Promise<void> {
    setBusy(true);
    setError('');
    const outcome = await postJson<Outcome>('/api/dealer/leads/bulk', body, { [DEALER_CSRF_HEADER]: csrfToken });
    setBusy(false);
    if (!outcome.ok) {
      setError(Object.values(outcome.fields)[0] ?? outcome.message);
      return;
    }
    const done = outcome.data;
    const skipped = done.skipped.length
      ? ` ${leads(done.skipped.length)} left as they were: ${done.skipped[0]!.reason}`
      : '';
    clear();
    setMessage({
      text: `${bulkSummary(done.action, done.changed, done.assignee?.name)}.${skipped}`,
      batchId: done.batchId,
    });
    router.refresh();
  }

  async function undo(batchId: string): Promise<void> {
    setBusy(true);
    const outcome = await postJson<Undone>(
      `/api/dealer/leads/bulk/${encodeURIComponent(batchId)}/undo`,
      {},
      { [DEALER_CSRF_HEADER]: csrfToken },
    );
    setBusy(false);
    if (!outcome.ok) {
      setMessage({ text: outcome.message, batchId: null });
      return;
    }
    const { restored, left } = outcome.data;
    const leftText = left.length ? ` ${leads(left.length)} left as they are: ${left[0]!.reason}` : '';
    setMessage({ text: `Undone: ${leads(restored.length)} back as they were.${leftText}`, batchId: null });
    router.refresh();
  }

  function assign(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const userId = String(new FormData(event.currentTarget).get('userId') ?? '');
    void send({ action: 'assign', leadIds: selected, userId: userId || null });
  }

  function close(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const reason = String((reasonChoice === OTHER ? data.get('reason') : reasonChoice) ?? '');
    void send({ action: 'close', leadIds: selected, reason });
  }

  return (
    <div className={styles.dock}>
      {/* Always present (empty until something happens), so screen readers hear what changed. */}
      <p role="status" className={styles.status}>
        {message && (
          <>
            {message.text}{' '}
            {message.batchId && (
              <button
                ref={undoButton}
                type="button"
                className="button button-secondary"
                disabled={busy}
                onClick={() => void undo(message.batchId!)}
              >
                Undo
              </button>
            )}
            <button type="button" className={styles.link} onClick={() => setMessage(null)}>
              Dismiss
            </button>
          </>
        )}
      </p>
      {selected.length > 0 && (
        <section className={styles.bar} aria-label="Bulk actions">
          <div className={styles.barTop}>
            <strong>{selected.length} selected</strong>
            <button type="button" className={styles.link} onClick={clear}>
              Clear
            </button>
            <button
              type="button"
              className={styles.link}
              onClick={() => {
                for (const box of boxes()) box.checked = true;
                recount();
              }}
            >
              Select all shown
            </button>
          </div>
          {mode !== 'close' && (
            <form className={styles.row} onSubmit={assign} aria-label="Assign the selected leads">
              <div className={styles.field}>
                <label htmlFor="bulk-assignee">Assign to</label>
                <select id="bulk-assignee" name="userId" defaultValue={assignees[0]?.id ?? ''}>
                  {assignees.map((user) => (
                    <option key={user.id} value={user.id}>
                      {user.name}
                    </option>
                  ))}
                  <option value="">Nobody (unassign)</option>
                </select>
              </div>
              <button type="submit" className="button button-primary" disabled={busy}>
                Assign
              </button>
              <button type="button" className="button button-secondary" onClick={() => setMode('close')}>
                Close as lost…
              </button>
            </form>
          )}
          {mode === 'close' && (
            <form className={styles.row} onSubmit={close} aria-label="Close the selected leads as lost">
              <div className={styles.field}>
                <label htmlFor="bulk-reason-choice">Why were they lost?</label>
                <select
                  id="bulk-reason-choice"
                  value={reasonChoice}
                  onChange={(event) => setReasonChoice(event.target.value)}
                >
                  {lostReasons.map((reason) => (
                    <option key={reason} value={reason}>
                      {reason}
                    </option>
                  ))}
                  <option value={OTHER}>Other (in my words)</option>
                </select>
              </div>
              {reasonChoice === OTHER && (
                <div className={`${styles.field} ${styles.wide}`}>
                  <label htmlFor="bulk-reason">Reason</label>
                  <input id="bulk-reason" name="reason" required maxLength={LEAD_LOST_REASON_MAX} />
                </div>
              )}
              <button type="submit" className="button button-primary" disabled={busy}>
                Close {leads(selected.length)} as lost
              </button>
              <button type="button" className="button button-secondary" onClick={() => setMode(null)}>
                Cancel
              </button>
            </form>
          )}
          {error && (
            <p role="alert" className={styles.error}>
              {error}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
