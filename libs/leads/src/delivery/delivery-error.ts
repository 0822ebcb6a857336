/**
 * A failed delivery attempt. `retryable` false means trying again cannot help until someone changes
 * something (configuration, the CRM's answer to this payload): the delivery goes dead at once for ops.
 * The message names the cause (status, host, setting), never the lead's content.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/**
 * What a failed attempt says about the endpoint, for its lane's breaker: a retryable delivery
 * error (no answer, a refused connection, a 5xx, 408/425/429) is the endpoint failing; one that is
 * not (a 4xx refusal) is an answer, so the endpoint is alive; any other error (the database, a
 * bug) is not about the endpoint at all.
 */
export function endpointVerdict(error: unknown): 'success' | 'failure' | null {
  if (!(error instanceof DeliveryError)) return null;
  return error.retryable ? 'failure' : 'success';
}
