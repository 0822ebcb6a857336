import type { DataSource } from 'typeorm';

/** A lead_outbox row with everything its delivery sends: the lead, its site, dealership, car, location and valuation. */
export interface LeadDeliveryRecord {
  delivery: {
    id: string;
    channel: 'crm' | 'email' | 'shopper_email';
    status: string;
    attempts: number;
    emailSentAt: string | null;
  };
  lead: {
    id: string;
    form: string;
    category: string;
    subcategory: string | null;
    fields: Record<string, unknown>;
    user_data: Record<string, unknown>;
    miscellaneous: Record<string, unknown>;
    created_at: string;
  };
  site: { id: number; slug: string; name: string };
  dealership: { id: number; slug: string; name: string } | null;
  location: { id: number; slug: string; name: string } | null;
  car: {
    id: number;
    slug: string;
    stocknum: string;
    car_type: string;
    status: string;
    make: string;
    model: string;
    year: number;
    badge: string | null;
    price: number | null;
    vin: string | null;
  } | null;
  valuation: {
    id: string;
    status: string;
    low: number | null;
    high: number | null;
    valid_until: string;
    reason: string | null;
  } | null;
}

export async function loadLeadDelivery(dataSource: DataSource, deliveryId: string): Promise<LeadDeliveryRecord | null> {
  const [row] = (await dataSource.query(
    `SELECT o.id, o.channel, o.status, o.attempts, o.email_sent_at,
            l.id AS lead_id, l.form, l.category, l.subcategory, l.fields, l.user_data, l.miscellaneous, l.created_at,
            s.id AS site_id, s.slug AS site_slug, s.name AS site_name,
            CASE WHEN d.id IS NULL THEN NULL ELSE json_build_object('id', d.id, 'slug', d.slug, 'name', d.name) END AS dealership,
            CASE WHEN lo.id IS NULL THEN NULL ELSE json_build_object('id', lo.id, 'slug', lo.slug, 'name', lo.name) END AS location,
            CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id, 'slug', c.slug, 'stocknum', c.stocknum, 'car_type', c.car_type,
              'status', c.status, 'make', c.make, 'model', c.model, 'year', c.year, 'badge', c.badge, 'price', c.price, 'vin', c.data->>'vin') END AS car,
            CASE WHEN v.id IS NULL THEN NULL ELSE json_build_object('id', v.id, 'status', v.status, 'low', v.low, 'high', v.high,
              'valid_until', v.valid_until, 'reason', v.reason) END AS valuation
     FROM lead_outbox o
     JOIN leads l ON l.id = o.lead_id
     JOIN sites s ON s.id = l.site_id
     LEFT JOIN dealerships d ON d.id = l.dealership_id
     LEFT JOIN locations lo ON lo.id = l.location_id
     LEFT JOIN cars c ON c.id = l.car_id
     LEFT JOIN valuations v ON v.id = l.valuation_id
     WHERE o.id = $1`,
    [deliveryId],
  )) as Record<string, never>[];
  if (!row) return null;
  return {
    delivery: {
      id: row['id'],
      channel: row['channel'],
      status: row['status'],
      attempts: row['attempts'],
      emailSentAt: row['email_sent_at'] ? new Date(row['email_sent_at']).toISOString() : null,
    },
    lead: {
      id: row['lead_id'],
      form: row['form'],
      category: row['category'],
      subcategory: row['subcategory'],
      fields: row['fields'],
      user_data: row['user_data'],
      miscellaneous: row['miscellaneous'],
      created_at: new Date(row['created_at']).toISOString(),
    },
    site: { id: row['site_id'], slug: row['site_slug'], name: row['site_name'] },
    dealership: row['dealership'],
    location: row['location'],
    car: row['car'],
    valuation: row['valuation'],
  };
}

/**
 * The JSON a CRM receives. delivery_id is the same on every retry of this delivery: a CRM that
 * de-duplicates on it records the lead exactly once.
 */
export function crmPayload(record: LeadDeliveryRecord): Record<string, unknown> {
  const { lead } = record;
  return {
    delivery_id: record.delivery.id,
    lead_id: lead.id,
    submitted_at: lead.created_at,
    form: lead.form,
    category: lead.category,
    subcategory: lead.subcategory,
    site: record.site,
    dealership: record.dealership,
    location: record.location,
    vehicle: record.car,
    valuation: record.valuation,
    fields: lead.fields,
    userData: lead.user_data,
    miscellaneous: lead.miscellaneous,
  };
}
