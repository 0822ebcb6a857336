import type { EntityManager } from 'typeorm';
import type { LeadStatus, TaskKind } from '@platform/domain';

/**
 * A demo lead's follow-up task, due `dueInHours` from the seed's now (negative: overdue); a done one
 * was finished an hour after it was due. No dealer user exists when the seed runs, so nobody is
 * named: the lead page shows the task, and its reminder goes to whoever takes the lead.
 */
interface DemoTask {
  kind: TaskKind;
  title?: string;
  dueInHours: number;
  done?: boolean;
}

/** One demo enquiry, the same for every dealership: a lived-in inbox with every status. */
interface DemoLead {
  name: string;
  phone: string;
  form: string;
  category: string;
  status: LeadStatus;
  lostReason?: string;
  hoursAgo: number;
  withCar: boolean;
  message?: string;
  /** The shopper ticked 'Text me about this enquiry': the console offers an SMS reply. */
  smsOk?: boolean;
  tasks?: DemoTask[];
}

const DEMO_LEADS: readonly DemoLead[] = [
  {
    name: 'Mia Nguyen',
    phone: '0412 000 101',
    form: 'vehicle',
    category: 'Vehicle Enquiry',
    status: 'new',
    hoursAgo: 2,
    withCar: true,
    message: 'Is this still available? Could I see it Saturday?',
    smsOk: true,
  },
  {
    name: 'Jack Wilson',
    phone: '0412 000 102',
    form: 'test_drive',
    category: 'Test Drive',
    status: 'appointment',
    hoursAgo: 6,
    withCar: true,
    tasks: [{ kind: 'test_drive', title: 'Bring licence; wants to try it with the tray loaded', dueInHours: 26 }],
  },
  {
    name: 'Chloe Smith',
    phone: '0412 000 103',
    form: 'finance',
    category: 'Finance Enquiry',
    status: 'contacted',
    hoursAgo: 26,
    withCar: true,
    message: 'What would repayments be over 5 years?',
    tasks: [{ kind: 'finance_docs', title: 'Payslips and driver licence', dueInHours: 3 }],
  },
  {
    name: 'Liam Brown',
    phone: '0412 000 104',
    form: 'general',
    category: 'General Enquiry',
    status: 'contacted',
    hoursAgo: 50,
    withCar: false,
    message: 'Do you take trade-ins on utes?',
    tasks: [{ kind: 'call_back', title: 'Trade-in figure for his Ranger', dueInHours: -1 }],
  },
  {
    name: 'Noah Taylor',
    phone: '0412 000 105',
    form: 'vehicle',
    category: 'Vehicle Enquiry',
    status: 'won',
    hoursAgo: 120,
    withCar: true,
    tasks: [{ kind: 'call_back', dueInHours: -100, done: true }],
  },
  {
    name: 'Ava Martin',
    phone: '0412 000 106',
    form: 'trade_in',
    category: 'Trade-In Valuation',
    status: 'lost',
    lostReason: 'Bought elsewhere',
    hoursAgo: 200,
    withCar: false,
  },
];

const HOUR_MS = 60 * 60 * 1000;

/**
 * The demo dealerships' leads (issue 40): six per dealership with a mix of statuses and forms, some
 * about one of its cars, so the dealer console's inbox has something to work on after `npm start`.
 * Their cars are taken from the middle of each dealership's stock, leaving the first and last in-stock
 * cars (which the e2e tests pick) without leads. Answers the number written.
 */
export async function insertDemoLeads(
  manager: EntityManager,
  dealerships: { id: number; slug: string; site_id: number }[],
  now: Date,
): Promise<number> {
  let written = 0;
  for (const dealership of dealerships) {
    const cars = (await manager.query(
      `SELECT id FROM cars WHERE dealership_id = $1 AND status = 'in_stock' ORDER BY id OFFSET 3 LIMIT 4`,
      [dealership.id],
    )) as { id: number }[];
    let carIndex = 0;
    for (const lead of DEMO_LEADS) {
      const carId = lead.withCar ? (cars[carIndex++ % Math.max(cars.length, 1)]?.id ?? null) : null;
      const createdAt = new Date(now.getTime() - lead.hoursAgo * HOUR_MS);
      const email = `${lead.name.toLowerCase().replace(/\W+/g, '.')}.${dealership.slug}@example.com`;
      const [inserted] = (await manager.query(
        `INSERT INTO leads (site_id, dealership_id, car_id, form, category, fields, user_data, status, lost_reason,
           status_changed_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [
          dealership.site_id,
          dealership.id,
          carId,
          lead.form,
          lead.category,
          JSON.stringify({
            name: lead.name,
            email,
            phone: lead.phone,
            ...(lead.message ? { message: lead.message } : {}),
            ...(lead.smsOk ? { sms_ok: true } : {}),
          }),
          JSON.stringify({ source: 'demo' }),
          lead.status,
          lead.lostReason ?? null,
          lead.status === 'new' ? null : new Date(createdAt.getTime() + HOUR_MS),
          createdAt,
        ],
      )) as { id: string }[];
      for (const task of lead.tasks ?? []) {
        const dueAt = new Date(now.getTime() + task.dueInHours * HOUR_MS);
        // Reminded 15 minutes before (the default); one already past was reminded then.
        const remindAt = new Date(dueAt.getTime() - 15 * 60_000);
        await manager.query(
          `INSERT INTO lead_tasks (lead_id, dealership_id, kind, title, due_at, remind_at, reminded_at, created_at, done_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            inserted!.id,
            dealership.id,
            task.kind,
            task.title ?? null,
            dueAt,
            remindAt,
            remindAt < now ? remindAt : null,
            new Date(createdAt.getTime() + HOUR_MS),
            task.done ? new Date(dueAt.getTime() + HOUR_MS) : null,
          ],
        );
      }
      written++;
    }
  }
  return written;
}
