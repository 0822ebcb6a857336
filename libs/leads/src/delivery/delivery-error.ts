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
