import type { EntityManager } from 'typeorm';
import type { LeadStatus } from '@platform/domain';

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
    status: 'new',
    hoursAgo: 6,
    withCar: true,
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
  },
  {
    name: 'Noah Taylor',
    phone: '0412 000 105',
    form: 'vehicle',
    category: 'Vehicle Enquiry',
    status: 'won',
    hoursAgo: 120,
    withCar: true,
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
      await manager.query(
        `INSERT INTO leads (site_id, dealership_id, car_id, form, category, fields, user_data, status, lost_reason,
           status_changed_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
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
      );
      written++;
    }
  }
  return written;
}
