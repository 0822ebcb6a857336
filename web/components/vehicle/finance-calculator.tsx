'use client';

import { useState } from 'react';
import {
  clampAmount,
  clampToRange,
  COMPARISON_RATE_WARNING,
  comparisonRateRangeText,
  ENQUIRE_FOR_FINANCE,
  financeHelpText,
  financeRepayment,
  formatDollarInput,
  formatPriceInput,
  formatRepayment,
  parseDollarInput,
  parseWholeNumberInput,
  type FinanceCalculatorVariant,
  type FinanceFee,
  type FinanceFrequency,
  type FinanceLimits,
  type FinancePanelDefaults,
  type FinanceSteppedRange,
  type RepaymentRounding,
} from '@platform/domain';
import { useFirstUseEvent } from '@/lib/analytics/first-use';
import styles from './vehicle.module.css';

type NumberField = 'amount' | 'termYears' | 'interestPercent' | 'deposit' | 'residual';

/**
 * Dollar fields use the price input of spec 001 §5 ('$45,990'); deposit or trade-in and residual
 * step by 0.5, so they take cents too ('$1,000.50'); term and rate are plain numbers.
 */
type FieldKind = 'whole-dollars' | 'dollars-and-cents' | 'number';
const FIELDS: { name: NumberField; label: string; limit: keyof FinanceLimits; kind: FieldKind }[] = [
  { name: 'amount', label: 'Purchase price', limit: 'amount', kind: 'whole-dollars' },
  { name: 'termYears', label: 'Term (years)', limit: 'term', kind: 'number' },
  { name: 'interestPercent', label: 'Interest rate (%)', limit: 'interest', kind: 'number' },
  { name: 'deposit', label: 'Deposit or trade-in', limit: 'deposit', kind: 'dollars-and-cents' },
  { name: 'residual', label: 'Residual', limit: 'residual', kind: 'dollars-and-cents' },
];
const KIND = Object.fromEntries(FIELDS.map((field) => [field.name, field.kind])) as Record<NumberField, FieldKind>;

/** What a field's text stands for: dollars as the price inputs read them, else a number. */
function numberOf(name: NumberField, raw: string): number {
  if (raw.trim() === '') return Number.NaN;
  if (KIND[name] === 'whole-dollars') return parseWholeNumberInput(raw) ?? Number.NaN;
  if (KIND[name] === 'dollars-and-cents') return parseDollarInput(raw) ?? Number.NaN;
  return Number(raw);
}

/** A field's value as the input shows it: dollars with '$' and separators. */
function shown(name: NumberField, value: number): string {
  if (KIND[name] === 'whole-dollars') return formatPriceInput(String(value));
  if (KIND[name] === 'dollars-and-cents') return formatDollarInput(String(value));
  return String(value);
}

const FREQUENCIES: { value: FinanceFrequency; label: string; per: string }[] = [
  { value: 'week', label: 'Weekly', per: 'week' },
  { value: 'fortnight', label: 'Fortnightly', per: 'fortnight' },
  { value: 'month', label: 'Monthly', per: 'month' },
];

const money = new Intl.NumberFormat('en-AU', {
  style: 'currency',
  currency: 'AUD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
/** '$1,234.56': repayments and totals in dollars and cents. */
export const formatMoney = (amount: number): string => money.format(amount);

export interface FinanceCalculatorProps {
  siteSlug: string;
  /** The car the calculator is for; none on the finance page. */
  carId?: number;
  /** 'panel' on the vehicle page; 'slider' on the finance page, with a slider for the amount (spec 001 range table). */
  variant?: FinanceCalculatorVariant;
  limits: FinanceLimits;
  defaults: FinancePanelDefaults;
  fees: FinanceFee[];
  /** Where 'Request a Quote' goes: the enquiry form. */
  quoteHref: string;
  /** The lender's rule for whole-dollar weekly repayments (finance.repayment_rounding). */
  rounding?: RepaymentRounding;
  /** The provider's comparison-rate range, shown with the warning (finance.comparison_rate_range). */
  comparisonRateRange?: { min: number; max: number } | null;
}

/** The value a typed input stands for: clamped into its range (spec 001 §5); the amount keeps 0 for no price. */
function effective(name: NumberField, raw: string, range: FinanceSteppedRange): number {
  const value = numberOf(name, raw);
  return name === 'amount' ? clampAmount(value, range) : clampToRange(value, range);
}

function outOfRange(name: NumberField, raw: string, range: FinanceSteppedRange): boolean {
  const value = numberOf(name, raw);
  return !Number.isFinite(value) || value < range.min || value > range.max;
}

/**
 * The finance calculator panel (spec 001 screen 1): recalculates on every change with the libs/domain
 * maths; out-of-range input is clamped and says 'Cannot be less than {min} or more than {max}'; a
 * payment of 25 or less reads 'Enquire for Finance' with a blank total; the first interaction
 * reports event 26, once.
 */
export function FinanceCalculator({
  siteSlug,
  carId,
  variant = 'panel',
  limits,
  defaults,
  fees,
  quoteHref,
  rounding = 'up',
  comparisonRateRange = null,
}: FinanceCalculatorProps) {
  const [raw, setRaw] = useState<Record<NumberField, string>>({
    amount: shown('amount', defaults.amount),
    termYears: shown('termYears', defaults.termYears),
    interestPercent: shown('interestPercent', defaults.interestPercent),
    deposit: shown('deposit', defaults.deposit),
    residual: shown('residual', defaults.residual),
  });
  const [frequency, setFrequency] = useState<FinanceFrequency>(defaults.frequency);
  // Fields whose typed value was moved into range on leaving them: their help text stays until the
  // next edit, so a rate typed as 0 never silently becomes the minimum.
  const [clamped, setClamped] = useState<ReadonlySet<NumberField>>(new Set());
  const touched = useFirstUseEvent(siteSlug, carId);

  const values = Object.fromEntries(
    FIELDS.map((f) => [f.name, effective(f.name, raw[f.name], limits[f.limit])]),
  ) as Record<NumberField, number>;
  const result = financeRepayment({
    price: values.amount,
    deposit: values.deposit,
    residual: values.residual,
    termYears: values.termYears,
    interestPercent: values.interestPercent,
    frequency,
    fees,
    rounding,
  });
  const per = FREQUENCIES.find((f) => f.value === frequency)?.per ?? frequency;

  return (
    <section id="finance-calculator" className={styles.card} aria-labelledby="finance-calculator-title">
      <h2 id="finance-calculator-title">Finance Calculator</h2>
      <form className={styles.calculator} onSubmit={(event) => event.preventDefault()} noValidate>
        {FIELDS.map((field) => {
          const range = limits[field.limit];
          const id = `finance-${field.name}`;
          // The amount may be 0 (no price), which is not "out of range" but still clamps to 0.
          const invalid =
            clamped.has(field.name) ||
            (outOfRange(field.name, raw[field.name], range) &&
              !(field.name === 'amount' && numberOf('amount', raw.amount) <= 0));
          return (
            <div key={field.name} className={styles.calcField}>
              <label htmlFor={id}>{field.label}</label>
              <input
                id={id}
                name={field.name}
                {...(field.kind !== 'number'
                  ? {
                      type: 'text',
                      inputMode: field.kind === 'whole-dollars' ? ('numeric' as const) : ('decimal' as const),
                      autoComplete: 'off',
                    }
                  : {
                      type: 'number',
                      inputMode: 'decimal' as const,
                      min: range.min,
                      max: range.max,
                      step: range.step,
                    })}
                value={raw[field.name]}
                aria-invalid={invalid || undefined}
                aria-describedby={invalid ? `${id}-help` : undefined}
                onChange={(event) => {
                  touched();
                  setRaw({ ...raw, [field.name]: event.target.value });
                  if (clamped.has(field.name)) setClamped(new Set([...clamped].filter((name) => name !== field.name)));
                }}
                onBlur={() => {
                  const typed = raw[field.name];
                  const kept = values[field.name];
                  if (typed.trim() !== '' && numberOf(field.name, typed) !== kept)
                    setClamped(new Set([...clamped, field.name]));
                  setRaw((current) => ({ ...current, [field.name]: shown(field.name, kept) }));
                }}
              />
              {variant === 'slider' && field.name === 'amount' && (
                <input
                  type="range"
                  aria-label={`${field.label} slider`}
                  min={range.min}
                  max={range.max}
                  step={range.step}
                  value={values.amount}
                  onChange={(event) => {
                    touched();
                    setRaw({ ...raw, amount: shown('amount', Number(event.target.value)) });
                  }}
                />
              )}
              {invalid && (
                <p id={`${id}-help`} className={styles.help}>
                  {financeHelpText(range.min, range.max)}
                </p>
              )}
            </div>
          );
        })}
        <fieldset className={styles.calcField}>
          <legend>Repayment frequency</legend>
          <div className={styles.radios}>
            {FREQUENCIES.map((f) => (
              <label key={f.value}>
                <input
                  type="radio"
                  name="frequency"
                  value={f.value}
                  checked={frequency === f.value}
                  onChange={() => {
                    touched();
                    setFrequency(f.value);
                  }}
                />{' '}
                {f.label}
              </label>
            ))}
          </div>
        </fieldset>
      </form>
      <dl className={styles.calcResult} aria-live="polite">
        <div>
          <dt>Repayment per {per}</dt>
          <dd data-testid="finance-repayment">
            {result.display === null ? ENQUIRE_FOR_FINANCE : formatRepayment(result.display, frequency)}
          </dd>
        </div>
        <div>
          <dt>Total repayments</dt>
          <dd data-testid="finance-total">{result.display === null ? '' : formatMoney(result.totalPayable)}</dd>
        </div>
      </dl>
      {fees.some((fee) => fee.amount > 0) && (
        <div className={styles.calcFees}>
          <p>The repayment includes these fees:</p>
          <ul>
            {fees
              .filter((fee) => fee.amount > 0)
              .map((fee, index) => (
                <li key={`${fee.label ?? fee.per}-${index}`}>
                  {fee.label ?? (fee.per === 'once' ? 'Establishment fee' : 'Monthly fee')}: {formatMoney(fee.amount)}
                  {fee.per === 'once' ? ' (added to the amount financed)' : ' a month (spread over each repayment)'}
                </li>
              ))}
          </ul>
        </div>
      )}
      {comparisonRateRange && (
        <div className={styles.calcFees}>
          <p>{comparisonRateRangeText(comparisonRateRange)}</p>
          <p>*{COMPARISON_RATE_WARNING}</p>
        </div>
      )}
      <a className={styles.primaryButton} href={quoteHref}>
        Request a Quote
      </a>
    </section>
  );
}
