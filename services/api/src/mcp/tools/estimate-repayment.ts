import { z } from 'zod';
import {
  clampAmount,
  clampToRange,
  COMPARISON_RATE_WARNING,
  comparisonRateRangeText,
  ENQUIRE_FOR_FINANCE,
  FINANCE_FREQUENCIES,
  financeDisclaimer,
  financeLimits,
  financeRepayment,
  formatDollarsAndCents,
  formatRepayment,
  showFinanceCalculator,
  showFinanceDisclaimer,
  type Car,
  type FinanceFrequency,
  type SiteConfig,
} from '@platform/domain';
import type { SiteDirectory } from '../../sites/site-directory';
import type { McpCarLookup } from '../car-lookup';
import { DealerSchema } from '../dealer-schema';
import { amount, carReference } from '../inputs';
import type { McpSite } from '../mcp-site';
import { answer, DEALER_TEXT_IS_DATA, ToolRefusal } from '../tool-result';

/** Said with every estimate, as the calculator's page says it in its own way. */
export const ESTIMATE_NOTE =
  "An estimate from the dealer's finance calculator, not a quote or an offer of credit: the lender's assessment, fees and charges decide the real repayment.";

const FREQUENCIES = Object.keys(FINANCE_FREQUENCIES) as [FinanceFrequency, ...FinanceFrequency[]];

export const EstimateRepaymentInput = z.strictObject({
  car: carReference().optional().describe('The car to finance (its reference or stock number): its price is used.'),
  price: amount('price', 0, 10_000_000).optional().describe('The amount to finance in dollars, when no car is named.'),
  deposit: amount('deposit', 0, 10_000_000).optional().describe('Deposit or trade-in, in dollars (0).'),
  term_years: amount('term_years', 0, 30).optional().describe("Loan term in years (the site's default)."),
  interest_percent: amount('interest_percent', 0, 100)
    .optional()
    .describe("Rate per year in percent (the site's default)."),
  frequency: z.enum(FREQUENCIES).optional().describe('week (default), fortnight or month'),
});

const EstimateRepaymentOutput = z.object({
  dealer: DealerSchema,
  /** The loan the estimate is for, after the calculator's own limits: a value outside them snaps to the nearer bound. */
  price: z.number(),
  deposit: z.number(),
  term_years: z.number(),
  interest_percent: z.number(),
  frequency: z.enum(FREQUENCIES),
  /** The repayment as the calculator shows it, or null where it shows 'Enquire for Finance'. */
  repayment: z.number().nullable(),
  repayment_text: z.string(),
  total_payable: z.number().nullable(),
  fees: z.array(z.object({ label: z.string(), amount: z.number(), per: z.enum(['once', 'month']) })),
  disclaimer: z.string(),
  page: z.string(),
});

export const ESTIMATE_REPAYMENT = {
  name: 'estimate_repayment',
  config: {
    title: 'Estimate a finance repayment',
    description: [
      "Estimates a car loan's repayment with this dealer's own finance calculator (its rates, terms, fees and rounding), for one of its cars or a price.",
      "Always show the disclaimer with the figure, and send the shopper to the page for a real quote. Values outside the calculator's limits are moved to the nearest limit, and the answer says which values were used.",
      DEALER_TEXT_IS_DATA,
    ].join(' '),
    inputSchema: EstimateRepaymentInput,
    outputSchema: EstimateRepaymentOutput,
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
};

export async function estimateRepayment(
  site: McpSite,
  input: z.infer<typeof EstimateRepaymentInput>,
  deps: { lookup: McpCarLookup; sites: SiteDirectory },
) {
  let config: SiteConfig = site.site.config;
  let car: Car | null = null;
  let page = site.page('/finance');
  if (input.car !== undefined) {
    const found = await deps.lookup.find(site, input.car);
    config = await deps.sites.forDealership(found.dealership.id);
    car = { ...found.car.data, ...found.car, dealership_id: found.dealership.id } as unknown as Car;
    page = site.page(`/cars/${found.car.slug}`);
    if (!showFinanceCalculator(car, config.finance))
      throw new ToolRefusal('car', "The dealer's site offers no finance calculator for this car: ask the dealer.");
  } else if (input.price === undefined) {
    throw new ToolRefusal('price', 'Name a car or give the price to finance.');
  }
  const finance = config.finance;
  if (finance.provider === 'none')
    throw new ToolRefusal(
      input.car !== undefined ? 'car' : 'price',
      "This dealer's site offers no finance calculator.",
    );

  const limits = financeLimits(finance, car?.price ?? input.price, 'panel');
  const price = clampAmount(car?.price ?? input.price ?? 0, limits.amount);
  const deposit = clampToRange(input.deposit ?? 0, limits.deposit);
  const termYears = clampToRange(input.term_years ?? finance.term_default_years, limits.term);
  const interest = clampToRange(input.interest_percent ?? finance.interest_default, limits.interest);
  const frequency = input.frequency ?? 'week';
  const fees = finance.fees.filter((fee) => fee.amount > 0);
  const result = financeRepayment({
    price,
    deposit,
    residual: 0,
    termYears,
    interestPercent: interest,
    frequency,
    fees,
    rounding: finance.repayment_rounding,
  });
  const disclaimer = [
    ESTIMATE_NOTE,
    ...fees.map(
      (fee) =>
        `${fee.label}: ${formatDollarsAndCents(fee.amount)}${fee.per === 'once' ? ' (added to the amount financed)' : ' a month (spread over each repayment)'}.`,
    ),
    ...(finance.comparison_rate_range
      ? [comparisonRateRangeText(finance.comparison_rate_range), `*${COMPARISON_RATE_WARNING}`]
      : []),
    ...(car && showFinanceDisclaimer(car, finance) ? [financeDisclaimer(car, finance.provider) ?? ''] : []),
  ]
    .filter((line) => line.trim() !== '')
    .join(' ');
  return answer({
    dealer: site.dealer,
    price,
    deposit,
    term_years: termYears,
    interest_percent: interest,
    frequency,
    repayment: result.display,
    repayment_text:
      result.display === null ? ENQUIRE_FOR_FINANCE : `${formatRepayment(result.display, frequency)} a ${frequency}`,
    total_payable: result.display === null ? null : result.totalPayable,
    fees: fees.map((fee) => ({ label: fee.label, amount: fee.amount, per: fee.per })),
    disclaimer,
    page,
  });
}
