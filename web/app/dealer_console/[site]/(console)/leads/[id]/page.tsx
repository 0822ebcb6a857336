import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import {
  CALL_OUTCOME_LABELS,
  CALL_OUTCOMES,
  formatDollars,
  leadFormLabel,
  LEAD_STATUS_LABELS,
  isLeadStatus,
  leadSource,
  REPLY_CHANNEL_LABELS,
  REPLY_KIND_LABELS,
  type CallOutcome,
} from '@platform/domain';
import { LeadActions } from '@/components/dealer-console/lead-actions';
import { LeadReply } from '@/components/dealer-console/lead-reply';
import { LeadTasks, taskHistoryText } from '@/components/dealer-console/lead-tasks';
import { StatusBadge } from '@/components/dealer-console/status-badge';
import { getDealerLead, getDealerMe, getReplyComposer, type DealerLeadDetail } from '@/lib/api/dealer';
import { formatWhen } from '@/lib/dealer-console/format';
import { leadClock } from '@/lib/dealer-console/lead-clock';
import styles from '@/components/dealer-console/console.module.css';

export const metadata: Metadata = { title: 'Lead' };

/** A time the platform stored (an ISO instant with its zone), as opposed to a date the shopper chose. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** An answer as text: lists joined, objects as key: value, times on the dealership's clock, nothing empty. */
function answerText(value: unknown, timeZone: string): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value))
    return value
      .map((inner) => answerText(inner, timeZone))
      .filter(Boolean)
      .join(', ');
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${fieldLabel(key)}: ${answerText(inner, timeZone)}`)
      .join('; ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && INSTANT.test(value)) return formatWhen(value, timeZone);
  return String(value);
}

/**
 * Answers the platform adds rather than the shopper typed (the car's and dealership's ids and
 * slugs, its type and status, the terms box every lead ticked, a payment's provider and the hold's
 * expiry): the page shows the car, the dealership and the reservation as they stand now instead.
 */
const TECHNICAL_ANSWER =
  /(?:^|_)(?:id|slug)$|^terms_conditions$|^car_type$|^vehicle_status$|^payment_provider$|^hold_expires_at$/i;

/** A reservation's state in words, as the reservations page says it. */
const RESERVATION_STATUS: Readonly<Record<string, string>> = {
  pending_payment: 'Awaiting payment',
  held: 'Held',
  completed: 'Sold',
  released: 'Released (unpaid)',
  cancelled: 'Cancelled',
  expired: 'Expired',
  refunded: 'Refunded',
};

/** Where a reply stands, in words. */
const REPLY_STATUS: Readonly<Record<DealerLeadDetail['replies'][number]['status'], string>> = {
  pending: 'Sending',
  sent: 'Sent',
  skipped: 'Not sent (the dealership stopped sending it)',
  dead: 'Not sent: the mail or SMS service refused it',
};

/** Answers whose key says little to a salesperson, in the words the shopper ticked. */
const ANSWER_LABELS: Readonly<Record<string, string>> = { sms_ok: 'Agreed to be texted' };

/** 'preferred_date' -> 'Preferred date'. */
const fieldLabel = (key: string): string => {
  if (Object.hasOwn(ANSWER_LABELS, key)) return ANSWER_LABELS[key]!;
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const isCallOutcome = (value: unknown): value is CallOutcome =>
  typeof value === 'string' && (CALL_OUTCOMES as readonly string[]).includes(value);

/** 'Marked contacted', 'Marked lost: Bought elsewhere', 'Assigned to Sam'. */
function historyText(entry: DealerLeadDetail['history'][number]): string {
  const { detail } = entry;
  if (entry.action === 'lead.status_changed' && isLeadStatus(detail['to'])) {
    const reason = typeof detail['reason'] === 'string' ? `: ${detail['reason']}` : '';
    return `Marked ${LEAD_STATUS_LABELS[detail['to']].toLowerCase()}${reason}`;
  }
  if (entry.action === 'lead.assigned') {
    const to = typeof detail['to_name'] === 'string' ? `Assigned to ${detail['to_name']}` : 'Unassigned';
    if (detail['rule'] === 'round_robin') return `${to} (next in turn)`;
    if (detail['rule'] === 'overdue') return `${to} (moved on: not answered in time)`;
    return to;
  }
  if (entry.action === 'lead.duplicate') return 'Marked a repeat of an enquiry minutes before';
  if (entry.action === 'lead.replied') return detail['channel'] === 'sms' ? 'Replied by text' : 'Replied by email';
  const task = taskHistoryText(entry.action, detail);
  if (task) return task;
  if (entry.action === 'lead.call_logged' && isCallOutcome(detail['outcome']))
    return `Call logged: ${CALL_OUTCOME_LABELS[detail['outcome']].toLowerCase()}`;
  return entry.action;
}

/** /dealer/leads/{id}: everything about one lead, and what the user may do with it. */
export default async function LeadPage({ params }: { params: Promise<{ site: string; id: string }> }) {
  const { site: slug, id } = await params;
  const [me, lead, composer] = await Promise.all([
    getDealerMe(slug),
    getDealerLead(slug, id),
    getReplyComposer(slug, id),
  ]);
  if (!me) redirect('/dealer/sign-in');
  if (!lead) notFound();
  const answers = Object.entries(lead.answers).filter(
    ([key, value]) => !TECHNICAL_ANSWER.test(key) && answerText(value, lead.timeZone) !== '',
  );
  const valuation = lead.valuation;
  const clock = leadClock(lead.response, new Date(), lead.timeZone, lead.createdAt);

  return (
    <article className={styles.lead} aria-labelledby="lead-title">
      <p>
        <a href="/dealer">← All leads</a>
      </p>
      <div className={styles.titleRow}>
        <h1 id="lead-title">{lead.name || lead.email || lead.phone || 'Lead'}</h1>
        <StatusBadge status={lead.status} />
      </div>
      <p className={styles.leadMeta}>
        {leadFormLabel(lead.form)} · {lead.dealership.name} · received{' '}
        <time dateTime={lead.createdAt}>{formatWhen(lead.createdAt, lead.timeZone)}</time>
        {/* Where it came from, as the reports count it: a listing, a campaign, an AI assistant (issue 55). */}
        {' · '}from {leadSource(lead.source).label}
        {lead.status === 'lost' && lead.lostReason && <> · Lost: {lead.lostReason}</>}
      </p>
      {clock && (
        <p className={styles.leadMeta}>
          <span className={`${styles.clock} ${styles[`clock_${clock.state}`]}`}>{clock.text}</span>{' '}
          {lead.response.dueAt && clock.state !== 'answered' && (
            <>
              answer by <time dateTime={lead.response.dueAt}>{formatWhen(lead.response.dueAt, lead.timeZone)}</time>
            </>
          )}
          {lead.response.firstResponseAt && (
            <>
              first answered{' '}
              <time dateTime={lead.response.firstResponseAt}>
                {formatWhen(lead.response.firstResponseAt, lead.timeZone)}
              </time>
            </>
          )}
        </p>
      )}

      <div className={styles.leadGrid}>
        <div className={styles.leadColumn}>
          <section className={styles.panel} aria-labelledby="contact-title">
            <h2 id="contact-title">Contact</h2>
            <dl className={styles.facts}>
              {lead.phone && (
                <>
                  <dt>Phone</dt>
                  <dd>
                    <a href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}>{lead.phone}</a>
                  </dd>
                </>
              )}
              {lead.email && (
                <>
                  <dt>Email</dt>
                  <dd>
                    <a href={`mailto:${lead.email}`}>{lead.email}</a>
                  </dd>
                </>
              )}
            </dl>
          </section>

          {lead.car && lead.vehicle && (
            <section className={styles.panel} aria-labelledby="car-title">
              <h2 id="car-title">Car</h2>
              <div className={styles.car}>
                {lead.vehicle.photo ? (
                  <img src={lead.vehicle.photo} alt="" className={styles.carPhoto} width={160} height={107} />
                ) : (
                  <div className={styles.carPhoto} aria-hidden="true" />
                )}
                <div>
                  <p>
                    <a href={lead.vehicle.path}>{lead.car.title}</a>
                  </p>
                  <p className={styles.leadMeta}>Stock #{lead.car.stocknum}</p>
                  <p>{lead.vehicle.price ? formatDollars(lead.vehicle.price) : 'Enquire for price'}</p>
                  {lead.vehicle.status === 'sold' && <p className={styles.leadMeta}>Sold</p>}
                </div>
              </div>
            </section>
          )}

          {lead.duplicateOf && (
            <p className={styles.panel} role="note">
              This repeats an enquiry the shopper sent minutes earlier: it is not counted again in the reports.{' '}
              <a href={`/dealer/leads/${lead.duplicateOf}`}>Open the first enquiry</a>
            </p>
          )}

          {(lead.customer.leads.length > 0 || lead.customer.reservations.length > 0) && (
            <section className={styles.panel} aria-labelledby="customer-title">
              <h2 id="customer-title">The customer's other enquiries</h2>
              <ol className={styles.plainList}>
                {lead.customer.leads.map((other) => (
                  <li key={other.id}>
                    <a href={`/dealer/leads/${other.id}`}>
                      {leadFormLabel(other.form)}
                      {other.car ? `: ${other.car.title}` : ''}
                    </a>{' '}
                    · {LEAD_STATUS_LABELS[other.status]}
                    {other.duplicateOf ? ' (a repeat)' : ''} ·{' '}
                    <time dateTime={other.createdAt}>{formatWhen(other.createdAt, lead.timeZone)}</time>
                  </li>
                ))}
                {lead.customer.reservations.map((hold) => (
                  <li key={hold.id}>
                    <a href={`/dealer/reservations#reservation-${hold.id}`}>
                      {hold.kind === 'purchase' ? 'Purchase' : 'Reservation'}, {formatDollars(hold.deposit)} deposit
                    </a>{' '}
                    · {RESERVATION_STATUS[hold.status] ?? hold.status} ·{' '}
                    <time dateTime={hold.createdAt}>{formatWhen(hold.createdAt, lead.timeZone)}</time>
                  </li>
                ))}
              </ol>
            </section>
          )}

          {lead.reservation && (
            <section className={styles.panel} aria-labelledby="reservation-title">
              <h2 id="reservation-title">{lead.reservation.kind === 'purchase' ? 'Purchase' : 'Reservation'}</h2>
              <dl className={styles.facts}>
                <div className={styles.fact}>
                  <dt>Now</dt>
                  <dd>{RESERVATION_STATUS[lead.reservation.status] ?? lead.reservation.status}</dd>
                </div>
                <div className={styles.fact}>
                  <dt>Deposit</dt>
                  <dd>{formatDollars(lead.reservation.deposit)}</dd>
                </div>
                {lead.reservation.status === 'held' && lead.reservation.holdExpiresAt && (
                  <div className={styles.fact}>
                    <dt>Held until</dt>
                    <dd>
                      <time dateTime={lead.reservation.holdExpiresAt}>
                        {formatWhen(lead.reservation.holdExpiresAt, lead.timeZone)}
                      </time>
                    </dd>
                  </div>
                )}
              </dl>
              <p>
                <a href={`/dealer/reservations#reservation-${lead.reservation.id}`}>Open the reservation</a>
              </p>
            </section>
          )}

          <section className={styles.panel} aria-labelledby="answers-title">
            <h2 id="answers-title">Their answers</h2>
            {answers.length === 0 ? (
              <p>No answers.</p>
            ) : (
              <dl className={styles.facts}>
                {answers.map(([key, value]) => (
                  <div key={key} className={styles.fact}>
                    <dt>{fieldLabel(key)}</dt>
                    <dd className={styles.answer}>
                      {/* The form sends a location by its id: the dealer knows it by its name. */}
                      {key === 'location' && lead.location && /^\d+$/.test(String(value))
                        ? lead.location
                        : answerText(value, lead.timeZone)}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </section>

          {valuation && (
            <section className={styles.panel} aria-labelledby="valuation-title">
              <h2 id="valuation-title">Trade-in valuation</h2>
              <dl className={styles.facts}>
                {typeof valuation['low'] === 'number' && typeof valuation['high'] === 'number' ? (
                  <div className={styles.fact}>
                    <dt>Estimate</dt>
                    <dd>
                      {formatDollars(valuation['low'])} to {formatDollars(valuation['high'])}
                    </dd>
                  </div>
                ) : (
                  <div className={styles.fact}>
                    <dt>Estimate</dt>
                    <dd>No estimate</dd>
                  </div>
                )}
                {'vehicle' in valuation && (
                  <div className={styles.fact}>
                    <dt>Vehicle</dt>
                    <dd className={styles.answer}>{answerText(valuation['vehicle'], lead.timeZone)}</dd>
                  </div>
                )}
                {typeof valuation['reason'] === 'string' && (
                  <div className={styles.fact}>
                    <dt>Note</dt>
                    <dd>{valuation['reason']}</dd>
                  </div>
                )}
              </dl>
            </section>
          )}

          <section className={styles.panel} aria-labelledby="delivery-title">
            <h2 id="delivery-title">Delivery</h2>
            {lead.deliveries.length === 0 ? (
              <p>Not sent to a CRM or by email.</p>
            ) : (
              <ul className={styles.plainList}>
                {lead.deliveries.map((d) => (
                  <li key={d.channel}>
                    {d.channel === 'crm' ? 'CRM' : 'Email'}: {d.status}
                    {d.attempts > 1 ? ` after ${d.attempts} attempts` : ''} ·{' '}
                    <time dateTime={d.updatedAt}>{formatWhen(d.updatedAt, lead.timeZone)}</time>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>

        <div className={styles.leadColumn}>
          {composer && <LeadReply leadId={lead.id} csrfToken={me.csrfToken} composer={composer} />}

          <LeadActions
            leadId={lead.id}
            csrfToken={me.csrfToken}
            status={lead.status}
            assigneeId={lead.assignee?.id ?? null}
            assignees={lead.assignees}
            canChange={lead.canChange}
            lostReasons={lead.lostReasons}
          />

          <LeadTasks
            site={slug}
            leadId={lead.id}
            tasks={lead.tasks}
            timeZone={lead.timeZone}
            canChange={lead.canChange}
            assignees={lead.assignees}
            defaultAssigneeId={lead.assignee?.id ?? me.user.id}
          />

          <section className={styles.panel} aria-labelledby="notes-title">
            <h2 id="notes-title">Notes</h2>
            {lead.notes.length === 0 ? (
              <p>No notes yet. Notes are private to your dealership.</p>
            ) : (
              <ol className={styles.notes}>
                {lead.notes.map((note) => (
                  <li key={note.id}>
                    <p className={styles.noteBody}>{note.body}</p>
                    <p className={styles.leadMeta}>
                      {note.author.name} ·{' '}
                      <time dateTime={note.createdAt}>{formatWhen(note.createdAt, lead.timeZone)}</time>
                    </p>
                  </li>
                ))}
              </ol>
            )}
          </section>

          {lead.replies.length > 0 && (
            <section className={styles.panel} aria-labelledby="replies-title">
              <h2 id="replies-title">Replies</h2>
              <ol className={styles.notes}>
                {lead.replies.map((reply) => (
                  <li key={reply.id}>
                    <p className={styles.leadMeta}>
                      {reply.kind === 'reply' ? REPLY_CHANNEL_LABELS[reply.channel] : REPLY_KIND_LABELS[reply.kind]} to{' '}
                      {reply.to} by {reply.by} ·{' '}
                      <time dateTime={reply.sentAt ?? reply.createdAt}>
                        {formatWhen(reply.sentAt ?? reply.createdAt, lead.timeZone)}
                      </time>{' '}
                      · {REPLY_STATUS[reply.status]}
                    </p>
                    {reply.subject && <p className={styles.replySubject}>{reply.subject}</p>}
                    {reply.body && <p className={styles.noteBody}>{reply.body}</p>}
                  </li>
                ))}
              </ol>
            </section>
          )}

          <section className={styles.panel} aria-labelledby="history-title">
            <h2 id="history-title">History</h2>
            <ol className={styles.plainList}>
              <li>
                Received · <time dateTime={lead.createdAt}>{formatWhen(lead.createdAt, lead.timeZone)}</time>
              </li>
              {lead.history.map((entry, index) => (
                <li key={`${entry.at}-${index}`}>
                  {historyText(entry)}
                  {/* The platform's own steps (round-robin, escalation) name no person. */}
                  {entry.by === 'system' ? '' : ` by ${entry.by}`} ·{' '}
                  <time dateTime={entry.at}>{formatWhen(entry.at, lead.timeZone)}</time>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </article>
  );
}
