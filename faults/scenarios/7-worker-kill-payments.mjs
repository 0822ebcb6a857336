// Scenario 7: reservations are paid through the local payment provider while the worker is
// SIGKILLed and started again. Every deposit must be accounted for: each succeeded payment ends on
// a held (paid) reservation, or refunded (a car sold before its payment arrived); none is lost or
// applied twice. The dealer's lead and the emails of each paid reservation are delivered once,
// and every car the index should show as reserved is shown reserved.
import { cars } from '../lib/platform.mjs';
import { sleep, until } from '../lib/stack.mjs';

const RESERVATIONS = Number(process.env.FAULTS_RESERVATIONS ?? 30);
const SOLD_FIRST = 3;

export default {
  id: 7,
  name: 'worker-sigkill-payments',
  summary: `SIGKILL the worker while ${RESERVATIONS} reservations are paid (${SOLD_FIRST} of their cars sold meanwhile)`,
  boundSeconds: 150,
  async run(p, result, log) {
    const stock = cars('V', RESERVATIONS, { status: 'in_stock' });
    const pushed = await p.pushFeed('s7', stock, 'snapshot');
    if (pushed.status !== 202) throw new Error(`stock push answered ${pushed.status}`);
    const [stocked] = await p.waitRuns([pushed.json.feedRunId], 60);
    if (stocked?.status !== 'succeeded') throw new Error(`stock run ended ${stocked?.status}`);
    await until(30, () => p.indexDrained(), 200);
    const { rows: carRows } = await p.db.query(
      `SELECT id, slug, stocknum FROM cars WHERE dealership_id = $1 ORDER BY stocknum`,
      [p.dealers.s7.id],
    );

    // Every car reserved (the hold is taken before any payment is asked for).
    const reservations = [];
    for (const car of carRows) {
      const answer = await p.http('POST', `/api/sites/${p.site.slug}/reservations`, {
        body: {
          car_id: car.slug,
          name: 'Fault',
          last_name: 'Tester',
          email: `s7-${car.stocknum}@faults.example`,
          phone: '0412 345 678',
          terms_conditions: true,
        },
      });
      if (answer.status !== 201)
        throw new Error(`reserve ${car.stocknum} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
      reservations.push({ car, id: answer.json.reservation.id, payUrl: answer.json.payment.pay_url });
    }
    // The dealer sells three of the cars (a delta marking them sold) before their deposits arrive.
    const sold = await p.pushFeed(
      's7',
      stock.slice(0, SOLD_FIRST).map((c) => ({ ...c, status: 'sold' })),
      'delta',
    );
    const [soldRun] = await p.waitRuns([sold.json.feedRunId], 60);
    if (soldRun?.status !== 'succeeded') throw new Error(`sold run ended ${soldRun?.status}`);

    const approve = (payUrl) => p.http('POST', `/api${payUrl}/approve`);
    let restartedAt = 0;
    let killedAt = 0;
    const outcomes = [];
    for (const [i, reservation] of reservations.entries()) {
      if (i === Math.floor(RESERVATIONS / 3)) {
        await p.worker.kill('SIGKILL');
        killedAt = Date.now();
        log(`  worker SIGKILLed after ${i} of ${RESERVATIONS} payments`);
      }
      if (i === Math.floor((2 * RESERVATIONS) / 3)) {
        p.worker.start();
        restartedAt = Date.now();
        log(`  worker started again after ${i} payments`);
      }
      const answer = await approve(reservation.payUrl);
      if (answer.status !== 200)
        result.failures.push(`approve answered ${answer.status}: ${answer.text.slice(0, 200)}`);
      outcomes.push(answer.json?.outcome);
      // Every fifth payment is approved twice (a shopper's double click, a provider's replay).
      if (i % 5 === 0) {
        const again = await approve(reservation.payUrl);
        if (again.status !== 200) result.failures.push(`replayed approve answered ${again.status}`);
      }
      // Payments arrive over about nine seconds: a third before the kill, a third while the
      // worker is down, a third after it is back.
      await sleep(300);
    }
    const downSeconds = (restartedAt - killedAt) / 1000;
    if (!restartedAt) {
      p.worker.start();
      restartedAt = Date.now();
    }

    const ids = reservations.map((r) => r.id);
    const check = async () => {
      const { rows } = await p.db.query(
        `SELECT r.id, r.status, r.refund_due, r.refund_ref, r.lead_id, r.car_id, r.payment_ref,
                lp.status AS payment_status, lp.refunded_cents, lp.amount_cents,
                c.reservation_id AS car_reservation,
                (SELECT count(*)::int FROM payment_events e WHERE e.payment_ref = r.payment_ref AND e.outcome <> 'duplicate') AS events,
                (SELECT count(*)::int FROM leads l WHERE l.fields->>'reservation_id' = r.id::text) AS leads
         FROM reservations r JOIN local_payments lp ON lp.id::text = r.payment_ref LEFT JOIN cars c ON c.id = r.car_id
         WHERE r.id = ANY($1::uuid[])`,
        [ids],
      );
      let lost = 0;
      let stuck = 0;
      const problems = [];
      let held = 0;
      let refunded = 0;
      for (const row of rows) {
        if (row.payment_status !== 'succeeded')
          lost += 1; // approved but not recorded as paid
        else if (row.status === 'held') {
          held += 1;
          if (row.car_reservation !== row.id)
            problems.push(`reservation ${row.id} held but its car is not reserved for it`);
          if (row.leads !== 1) problems.push(`reservation ${row.id} has ${row.leads} leads`);
          if (row.refunded_cents) problems.push(`reservation ${row.id} held and refunded`);
        } else if (row.status === 'refunded') {
          if (row.refund_due) stuck += 1;
          else if (row.refunded_cents !== row.amount_cents) lost += 1;
          else refunded += 1;
        } else if (row.status === 'pending_payment') stuck += 1;
        else problems.push(`reservation ${row.id} ended ${row.status}`);
        if (row.events !== 1) problems.push(`payment ${row.payment_ref} applied ${row.events} times`);
      }
      lost += ids.length - rows.length;
      const leadIds = rows.map((row) => row.lead_id).filter(Boolean);
      const ledger = await p.leadLedger(leadIds);
      // A reservation's lead also has the shopper's confirmation (shopper_email).
      const { rows: shopper } = await p.db.query(
        `SELECT count(*) FILTER (WHERE o.status = 'delivered')::int AS delivered, count(*)::int AS n,
                count(*) FILTER (WHERE (SELECT count(*) FROM outbound_emails e WHERE e.delivery_id = o.id) <> 1 AND o.status = 'delivered')::int AS wrong
         FROM lead_outbox o WHERE o.lead_id = ANY($1::uuid[]) AND o.channel = 'shopper_email'`,
        [leadIds],
      );
      const reservedShown = await p.indexDrained();
      return {
        rows,
        held,
        refunded,
        lost: lost + ledger.lost,
        stuck: stuck + ledger.stuck + (shopper[0].n - shopper[0].delivered),
        problems,
        ledger,
        shopper: shopper[0],
        reservedShown,
      };
    };
    const settled = await until(
      60,
      async () => {
        const state = await check();
        return state.stuck === 0 && state.reservedShown ? state : null;
      },
      250,
    );
    if (settled) result.recovery = (Date.now() - restartedAt) / 1000;
    const state = settled ?? (await check());
    result.lost += state.lost;
    result.stuck += state.stuck;
    result.failures.push(...state.problems.slice(0, 5));
    if (state.held !== RESERVATIONS - SOLD_FIRST || state.refunded !== SOLD_FIRST)
      result.failures.push(
        `${state.held} held and ${state.refunded} refunded (expected ${RESERVATIONS - SOLD_FIRST} and ${SOLD_FIRST})`,
      );
    if (state.ledger.doubled || state.shopper.wrong) result.failures.push('a reservation email or lead landed twice');
    if (!state.reservedShown) result.failures.push('the search index did not catch up');
    result.notes.push(
      `${state.held} held, ${state.refunded} refunded, ${state.ledger.delivered} of ${state.ledger.deliveries} lead deliveries (dealer CRM and email, shopper confirmation) once, worker down ${downSeconds.toFixed(1)} s`,
    );
  },
};
