import type { EntityManager } from 'typeorm';
import { leadDeliveryChannels, type SiteConfig } from '@platform/domain';
import { onLeadArrival } from '@platform/leads';

export interface PaymentLead {
  siteId: number;
  dealershipId: number | null;
  carId: number | null;
  /** 'reservation' or 'online_payment'. */
  form: string;
  category: string;
  subcategory: string | null;
  fields: Record<string, unknown>;
  /** The dealership's lead settings: who is emailed, and the desk's target and assignment. */
  leads: SiteConfig['leads'];
  valuationId?: string | null;
}

/**
 * The lead a confirmed payment makes, with its delivery rows (the dealer's CRM and email, and the
 * shopper's confirmation) and its place on the lead desk (clock, salesperson), in the caller's
 * transaction: the same outbox every form lead goes through, so delivery is at least once with a
 * stable delivery id.
 */
export async function insertLeadWithDeliveries(manager: EntityManager, lead: PaymentLead): Promise<string> {
  const userData = {
    url: null,
    source: 'Website',
    user_agent: null,
    car_id: lead.carId,
    car_dealership_id: lead.carId ? lead.dealershipId : null,
    lead_attributes: { visited_pages: [], linked_query_params: {} },
    captcha: 'not_required',
  };
  const [row] = (await manager.query(
    `INSERT INTO leads (site_id, dealership_id, car_id, form, category, subcategory, fields, user_data, valuation_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      lead.siteId,
      lead.dealershipId,
      lead.carId,
      lead.form,
      lead.category,
      lead.subcategory,
      JSON.stringify(lead.fields),
      JSON.stringify(userData),
      lead.valuationId ?? null,
    ],
  )) as { id: string }[];
  await manager.query(`INSERT INTO lead_outbox (lead_id, channel) SELECT $1, unnest($2::text[])`, [
    row!.id,
    leadDeliveryChannels(lead.leads.notify_emails, { confirmToShopper: true }),
  ]);
  await onLeadArrival(manager, row!.id, lead.leads);
  return row!.id;
}
