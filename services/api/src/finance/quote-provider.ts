import { z } from 'zod';
import { builtInQuote, type QuoteProviderResult, type QuoteRates, type YouxQuoteRequest } from '@platform/domain';

/**
 * Where weekly quotes come from: the finance partner's service when one is configured, else the
 * platform's own quote from the site's configured rates. The partner lies outside the platform,
 * so it sits behind this interface with a working local implementation.
 */
export interface QuoteProvider {
  quote(request: YouxQuoteRequest, rates: QuoteRates): Promise<QuoteProviderResult | null>;
}

export const QUOTE_PROVIDER = Symbol('QUOTE_PROVIDER');

export class BuiltInQuoteProvider implements QuoteProvider {
  async quote(request: YouxQuoteRequest, rates: QuoteRates): Promise<QuoteProviderResult | null> {
    return builtInQuote(request, rates);
  }
}

const PartnerAnswerSchema = z.object({
  weeklyRepaymentAmount: z.number().nonnegative(),
  comparisonRate: z.number().nonnegative(),
  advertisedRate: z.number().nonnegative(),
});

/** An upstream failure, reported to the caller as a 502 rather than a made-up number. */
export class QuoteServiceError extends Error {}

/** The partner's quote service over HTTP (QUOTE_SERVICE_URL, bearer QUOTE_SERVICE_TOKEN). */
export class HttpQuoteProvider implements QuoteProvider {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly timeoutMs = 5000,
  ) {}

  async quote(request: YouxQuoteRequest): Promise<QuoteProviderResult | null> {
    if (request.purchasePrice <= 0) return null;
    let response: Response;
    try {
      response = await this.fetchImpl(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new QuoteServiceError(`quote service unreachable: ${(error as Error).message}`);
    }
    if (!response.ok) throw new QuoteServiceError(`quote service answered ${response.status}`);
    const answer = PartnerAnswerSchema.safeParse(await response.json().catch(() => null));
    if (!answer.success) throw new QuoteServiceError('quote service answered an unexpected shape');
    return answer.data;
  }
}
