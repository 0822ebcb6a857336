import type { Metadata } from 'next';
import Link from 'next/link';
import { AskFirst, ConfirmStep } from '@/components/dealer-console/confirm-step';
import { formatDollars } from '@platform/domain';
import { ConsoleFrame, param, SignedOut } from '@/components/dealer-console/console-frame';
import styles from '@/components/dealer-console/console.module.css';
import { consoleGet, getDealerMe, ReservationListSchema, type ConsoleReservation } from '@/lib/api/dealer';
import { personalPage } from '@/lib/edge/personal-page';
import { reservationAction } from '../console-actions';

export const metadata: Metadata = personalPage({ title: 'Reservations · Dealer console' });
export const dynamic = 'force-dynamic';

const DONE: Record<string, string> = {
  complete: 'Marked sold. The shopper has been emailed.',
  cancel: 'Cancelled. A paid deposit is being refunded and the shopper has been emailed.',
  extend: 'Hold extended. The shopper has been emailed the new time.',
};

const STATUS: Record<string, string> = {
  pending_payment: 'Awaiting payment',
  held: 'Held',
  completed: 'Sold',
  released: 'Released (unpaid)',
  cancelled: 'Cancelled',
  expired: 'Expired',
  refunded: 'Refunded',
};

const PAYMENT: Record<string, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  not_paid: 'Not paid',
  refund_pending: 'Refund pending with the payment provider',
  refunded: 'Refunded',
};

const at = new Intl.DateTimeFormat('en-AU', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Australia/Sydney',
});

/** '2 days 3 h', '45 min' */
function timeLeft(minutes: number): string {
  if (minutes <= 0) return 'Ending now';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days} day${days === 1 ? '' : 's'} ${hours} h`;
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/** Hours a hold can be extended by: a few useful steps within the dealership's bound. */
const extensionChoices = (max: number): number[] => [...new Set([2, 4, 24, 48, max].filter((h) => h <= max))];

function ReservationCard({
  r,
  site,
  confirming,
  selling = false,
}: {
  r: ConsoleReservation;
  site: string;
  confirming: boolean;
  /** Mark sold was pressed: ask before completing the sale. */
  selling?: boolean;
}) {
  const hidden = (action: string) => (
    <>
      <input type="hidden" name="site" value={site} />
      <input type="hidden" name="id" value={r.id} />
      <input type="hidden" name="action" value={action} />
    </>
  );
  const titleId = `reservation-${r.id}`;
  return (
    <li className={styles.card} aria-labelledby={titleId} data-reservation={r.id}>
      <div className={styles.cardHead}>
        <h3 id={titleId}>
          {r.car.title}
          {r.car.stocknum ? <span className={styles.muted}> · stock {r.car.stocknum}</span> : null}
        </h3>
        <span className={styles.pill}>{STATUS[r.status] ?? r.status}</span>
      </div>
      <dl className={styles.factGrid}>
        <div>
          <dt>Time left</dt>
          <dd>
            {r.minutesLeft !== null ? timeLeft(r.minutesLeft) : '—'}
            {r.holdExpiresAt && r.status === 'held' ? (
              <span className={styles.muted}> (until {at.format(new Date(r.holdExpiresAt))})</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>Deposit</dt>
          <dd>{formatDollars(r.deposit.cents / 100)}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{PAYMENT[r.payment.state] ?? r.payment.state}</dd>
        </div>
        {r.refund ? (
          <div>
            <dt>Refund</dt>
            <dd>
              {r.refund.state === 'refunded'
                ? `Refunded${r.refund.refundedAt ? ` ${at.format(new Date(r.refund.refundedAt))}` : ''}`
                : `Pending (attempt ${r.refund.attempts})${r.refund.error ? `: ${r.refund.error}` : ''}`}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Shopper</dt>
          <dd>{r.shopper.name ?? '—'}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{r.shopper.phone ? <a href={`tel:${r.shopper.phone.replace(/\s/g, '')}`}>{r.shopper.phone}</a> : '—'}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{r.shopper.email ? <a href={`mailto:${r.shopper.email}`}>{r.shopper.email}</a> : '—'}</dd>
        </div>
        <div>
          <dt>Dealership</dt>
          <dd>{r.dealership.name}</dd>
        </div>
      </dl>
      {r.leadId ? (
        <p>
          <a href={`/dealer/leads/${r.leadId}`}>Open the lead</a>
        </p>
      ) : null}
      {r.can.complete || r.can.cancel || r.can.extend ? (
        <div className={styles.actions}>
          {r.can.complete && !selling ? (
            <AskFirst
              path="/dealer/reservations"
              param="sell"
              value={r.id}
              anchor={`sell-${r.id}`}
              className={styles.button}
            >
              Mark sold
            </AskFirst>
          ) : null}
          {r.can.extend ? (
            <form action={reservationAction}>
              {hidden('extend')}
              <label className={styles.fieldLabel}>
                Extend by
                <select
                  name="hours"
                  className={styles.select}
                  defaultValue={String(Math.min(24, r.extensions.maxHours))}
                >
                  {extensionChoices(r.extensions.maxHours).map((h) => (
                    <option key={h} value={h}>
                      {h} hours
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className={styles.secondary}>
                Extend
              </button>
            </form>
          ) : null}
          {r.can.cancel && !confirming ? (
            <Link className={styles.secondary} href={`/dealer/reservations?confirm=${r.id}#${titleId}`}>
              Cancel and refund
            </Link>
          ) : null}
        </div>
      ) : null}
      {r.can.complete && selling ? (
        <ConfirmStep
          id={`sell-${r.id}`}
          question="Mark this car sold?"
          consequence={`The hold on the ${r.car.title} ends as a sale: it is recorded as sold and the shopper is emailed that their purchase is complete. This cannot be undone.`}
          action={reservationAction}
          fields={hidden('complete')}
          confirmLabel="Yes, mark sold"
          cancelHref="/dealer/reservations"
        />
      ) : null}
      {r.can.cancel && confirming ? (
        <form action={reservationAction} className={styles.confirm}>
          {hidden('cancel')}
          <p>
            <strong>Cancel this reservation?</strong>{' '}
            {r.payment.state === 'paid'
              ? `The ${formatDollars(r.deposit.cents / 100)} deposit is refunded to the shopper's card and the car is free again.`
              : 'No payment was taken; the car is free again.'}{' '}
            The shopper is emailed.
          </p>
          <div className={styles.actions}>
            <button type="submit" className={styles.danger}>
              Yes, cancel and refund
            </button>
            <Link className={styles.secondary} href="/dealer/reservations">
              Keep it
            </Link>
          </div>
        </form>
      ) : null}
      {r.extensions.used > 0 ? (
        <p className={styles.muted}>
          Extended {r.extensions.used} of {r.extensions.max} times.
        </p>
      ) : null}
    </li>
  );
}

/** /dealer/reservations: the holds of the user's dealerships, active first, and what can be done with them. */
export default async function DealerReservationsPage({
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
    consoleGet(site, '/api/dealer/reservations?limit=100', ReservationListSchema),
  ]);
  if (!me || !list) return <SignedOut />;
  const done = param(query['done']);
  const confirm = param(query['confirm']);
  const active = list.reservations.filter((r) => r.active);
  const ended = list.reservations.filter((r) => !r.active);
  return (
    <ConsoleFrame title="Reservations" notice={done ? (DONE[done] ?? null) : null} error={param(query['error'])}>
      <section className={styles.section} aria-labelledby="active-title">
        <h2 id="active-title">Active holds ({active.length})</h2>
        {active.length === 0 ? (
          <p className={styles.muted}>No car is reserved right now.</p>
        ) : (
          <ul className={styles.list}>
            {active.map((r) => (
              <ReservationCard
                key={r.id}
                r={r}
                site={site}
                confirming={confirm === r.id}
                selling={param(query['sell']) === r.id}
              />
            ))}
          </ul>
        )}
      </section>
      <section className={styles.section} aria-labelledby="ended-title">
        <h2 id="ended-title">Ended ({ended.length})</h2>
        {ended.length === 0 ? (
          <p className={styles.muted}>None yet.</p>
        ) : (
          <ul className={styles.list}>
            {ended.map((r) => (
              <ReservationCard key={r.id} r={r} site={site} confirming={false} />
            ))}
          </ul>
        )}
      </section>
    </ConsoleFrame>
  );
}
