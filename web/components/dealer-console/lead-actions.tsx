'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import {
  CALL_OUTCOME_LABELS,
  CALL_OUTCOMES,
  DEALER_CSRF_HEADER,
  LEAD_LOST_REASON_MAX,
  leadStatusesAfter,
  type LeadStatus,
} from '@platform/domain';
import { postJson } from '@/lib/api/browser';
import styles from './console.module.css';

const NOTE_MAX = 2000;

/** The button that moves a lead to `status` from where it stands. */
const MOVE_LABELS: Record<LeadStatus, string> = {
  new: 'Mark new',
  contacted: 'Mark contacted',
  appointment: 'Mark test drive booked',
  won: 'Mark won',
  lost: 'Mark lost',
};

interface Props {
  leadId: string;
  csrfToken: string;
  status: LeadStatus;
  assigneeId: string | null;
  assignees: { id: string; name: string }[];
  canChange: boolean;
  /** The dealership's lost reasons (leads.lost_reasons): picked for the reports, or Other in their own words. */
  lostReasons: string[];
}

const OTHER = '__other__';

/**
 * What a salesperson does with a lead: move its status (lost with a reason), assign it, add a note.
 * Each is one api call with the CSRF token; the page is then rendered afresh on the server.
 */
export function LeadActions({ leadId, csrfToken, status, assigneeId, assignees, canChange, lostReasons }: Props) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [losing, setLosing] = useState(false);
  const [reasonChoice, setReasonChoice] = useState(lostReasons[0] ?? OTHER);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (!canChange)
    return (
      <section className={styles.panel} aria-labelledby="actions-title">
        <h2 id="actions-title">Actions</h2>
        <p>You can read this lead. Your role is viewer, so changes are for your colleagues.</p>
      </section>
    );

  async function send(what: 'status' | 'assignee' | 'notes' | 'calls', body: unknown, done: string): Promise<boolean> {
    setBusy(true);
    setErrors({});
    setMessage('');
    const outcome = await postJson(`/api/dealer/leads/${encodeURIComponent(leadId)}/${what}`, body, {
      [DEALER_CSRF_HEADER]: csrfToken,
    });
    setBusy(false);
    if (!outcome.ok) {
      setErrors({ ...outcome.fields, form: Object.keys(outcome.fields).length ? '' : outcome.message });
      return false;
    }
    setMessage(done);
    router.refresh();
    return true;
  }

  async function markLost(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const reason = String((reasonChoice === OTHER ? data.get('reason') : reasonChoice) ?? '');
    if (await send('status', { status: 'lost', reason }, 'Marked lost.')) setLosing(false);
  }

  async function logCall(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const note = String(data.get('callNote') ?? '').trim();
    const outcome = String(data.get('outcome') ?? '');
    if (await send('calls', { outcome, ...(note ? { note } : {}) }, 'Call logged.')) form.reset();
  }

  async function assign(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const userId = String(new FormData(event.currentTarget).get('userId') ?? '');
    await send('assignee', { userId: userId || null }, userId ? 'Assigned.' : 'Unassigned.');
  }

  async function addNote(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget;
    const body = String(new FormData(form).get('body') ?? '');
    if (await send('notes', { body }, 'Note added.')) form.reset();
  }

  const moves = leadStatusesAfter(status);
  return (
    <section className={styles.panel} aria-labelledby="actions-title">
      <h2 id="actions-title">Actions</h2>
      <p role="status" className={styles.done}>
        {message}
      </p>
      {errors['form'] && (
        <p role="alert" className={styles.error}>
          {errors['form']}
        </p>
      )}
      {errors['status'] && (
        <p role="alert" className={styles.error}>
          {errors['status']}
        </p>
      )}

      <div className={styles.moves}>
        {moves
          // Lost asks why, below; a test drive is booked in Tasks, with its time and reminder.
          .filter((to) => to !== 'lost' && to !== 'appointment')
          .map((to) => (
            <button
              key={to}
              type="button"
              className="button button-primary"
              disabled={busy}
              onClick={() => void send('status', { status: to }, `${MOVE_LABELS[to].replace('Mark', 'Marked')}.`)}
            >
              {status === 'won' || status === 'lost' ? 'Reopen' : MOVE_LABELS[to]}
            </button>
          ))}
        {moves.includes('lost') && !losing && (
          <button type="button" className="button button-secondary" disabled={busy} onClick={() => setLosing(true)}>
            Mark lost
          </button>
        )}
      </div>
      {losing && (
        <form className={styles.stack} onSubmit={(event) => void markLost(event)} noValidate>
          {lostReasons.length > 0 && (
            <>
              <label className={styles.label} htmlFor="lost-reason-choice">
                Why was it lost?
              </label>
              <select
                id="lost-reason-choice"
                className={styles.input}
                value={reasonChoice}
                onChange={(event) => setReasonChoice(event.target.value)}
                autoFocus
              >
                {lostReasons.map((reason) => (
                  <option key={reason} value={reason}>
                    {reason}
                  </option>
                ))}
                <option value={OTHER}>Other reason…</option>
              </select>
            </>
          )}
          {(lostReasons.length === 0 || reasonChoice === OTHER) && (
            <>
              <label className={styles.label} htmlFor="lost-reason">
                {lostReasons.length === 0 ? 'Why was it lost?' : 'The reason, in your words'}
              </label>
              <input
                id="lost-reason"
                name="reason"
                className={styles.input}
                maxLength={LEAD_LOST_REASON_MAX}
                required
                autoFocus={lostReasons.length === 0}
                aria-invalid={errors['reason'] ? true : undefined}
                aria-describedby={errors['reason'] ? 'lost-reason-error' : undefined}
              />
            </>
          )}
          {errors['reason'] && (
            <p id="lost-reason-error" role="alert" className={styles.error}>
              {errors['reason']}
            </p>
          )}
          <div className={styles.moves}>
            <button type="submit" className="button button-primary" disabled={busy}>
              Mark lost
            </button>
            <button type="button" className={styles.linkButton} onClick={() => setLosing(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}

      <form className={styles.stack} onSubmit={(event) => void logCall(event)} noValidate>
        <fieldset className={styles.fieldset}>
          <legend className={styles.label}>Log a call</legend>
          <div className={styles.choices}>
            {CALL_OUTCOMES.map((outcome, index) => (
              <label key={outcome} className={styles.choice}>
                <input type="radio" name="outcome" value={outcome} defaultChecked={index === 0} />{' '}
                {CALL_OUTCOME_LABELS[outcome]}
              </label>
            ))}
          </div>
          {errors['outcome'] && (
            <p role="alert" className={styles.error}>
              {errors['outcome']}
            </p>
          )}
          <label className={styles.label} htmlFor="call-note">
            What was said (optional, kept as a private note)
          </label>
          <textarea
            id="call-note"
            name="callNote"
            rows={2}
            maxLength={NOTE_MAX}
            className={styles.input}
            aria-invalid={errors['note'] ? true : undefined}
            aria-describedby={errors['note'] ? 'call-note-error' : undefined}
          />
          {errors['note'] && (
            <p id="call-note-error" role="alert" className={styles.error}>
              {errors['note']}
            </p>
          )}
        </fieldset>
        <button type="submit" className="button button-secondary" disabled={busy}>
          Log call
        </button>
      </form>

      <form className={styles.inlineForm} onSubmit={(event) => void assign(event)}>
        <label className={styles.label} htmlFor="assignee">
          Assigned to
        </label>
        <div className={styles.inlineRow}>
          <select
            id="assignee"
            name="userId"
            defaultValue={assigneeId ?? ''}
            key={assigneeId ?? 'none'}
            aria-invalid={errors['userId'] ? true : undefined}
            aria-describedby={errors['userId'] ? 'assignee-error' : undefined}
          >
            <option value="">Nobody</option>
            {assignees.map((user) => (
              <option key={user.id} value={user.id}>
                {user.name}
              </option>
            ))}
          </select>
          <button type="submit" className="button button-secondary" disabled={busy}>
            Assign
          </button>
        </div>
        {errors['userId'] && (
          <p id="assignee-error" role="alert" className={styles.error}>
            {errors['userId']}
          </p>
        )}
      </form>

      <form className={styles.stack} onSubmit={(event) => void addNote(event)} noValidate>
        <label className={styles.label} htmlFor="note-body">
          Add a private note
        </label>
        <textarea
          id="note-body"
          name="body"
          rows={3}
          maxLength={NOTE_MAX}
          className={styles.input}
          required
          aria-invalid={errors['body'] ? true : undefined}
          aria-describedby={errors['body'] ? 'note-error' : undefined}
        />
        {errors['body'] && (
          <p id="note-error" role="alert" className={styles.error}>
            {errors['body']}
          </p>
        )}
        <button type="submit" className="button button-secondary" disabled={busy}>
          Add note
        </button>
      </form>
    </section>
  );
}
