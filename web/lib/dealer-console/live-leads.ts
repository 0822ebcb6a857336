/** The ids of a poll's leads the inbox has not shown or announced yet, in the poll's order. */
export function unseenLeads(leads: readonly { id: string }[], known: ReadonlySet<string>): string[] {
  return [...new Set(leads.map((lead) => lead.id))].filter((id) => !known.has(id));
}

/** What screen readers hear when leads arrive; nothing when none did. */
export const newLeadsMessage = (count: number): string =>
  count <= 0 ? '' : `${count} new lead${count === 1 ? '' : 's'}`;
