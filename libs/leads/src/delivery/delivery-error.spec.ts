import { DeliveryError, endpointVerdict } from './delivery-error';

describe("what a failed attempt says about its lane's endpoint (for the breaker)", () => {
  it('no answer, a refused connection or a 5xx count against it; a refusal is an answer; anything else is not about it', () => {
    expect(
      endpointVerdict(new DeliveryError('CRM webhook crm.example unreachable: no answer within 10000 ms', true)),
    ).toBe('failure');
    expect(endpointVerdict(new DeliveryError('CRM webhook crm.example answered HTTP 503', true))).toBe('failure');
    expect(endpointVerdict(new DeliveryError('CRM webhook crm.example answered HTTP 400 (not retried)', false))).toBe(
      'success',
    );
    // The database failing after the send, or a bug: the endpoint is not to blame.
    expect(endpointVerdict(new Error('Connection terminated unexpectedly'))).toBeNull();
  });
});
