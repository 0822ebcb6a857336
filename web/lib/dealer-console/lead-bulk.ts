/**
 * The attribute of the inbox rows' tick boxes (rendered by the server page, one per lead the user
 * may change): the bulk bar counts the ticked ones. Here, not in the client component, so the
 * server page reads the value itself rather than a client reference.
 */
export const BULK_CHECKBOX = 'data-bulk-lead';
