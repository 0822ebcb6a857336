import { postJson } from '@/lib/api/browser';

/**
 * Spec 001 §7 'Valuation save': POST /api/miscellaneous with the valuation result and column_name
 * valuation, made only when the lead's answer says its dealership has leads.save_valuation on.
 * Success or failure is only logged: the shopper's estimate shows either way.
 */
export async function saveValuation(leadId: string, valuation: object): Promise<boolean> {
  const outcome = await postJson('/api/miscellaneous', { lead_id: leadId, column_name: 'valuation', valuation });
  if (outcome.ok)
    console.info('valuation saved with the lead'); // eslint-disable-line no-console
  else console.warn(`valuation not saved with the lead: ${outcome.message}`); // eslint-disable-line no-console
  return outcome.ok;
}
