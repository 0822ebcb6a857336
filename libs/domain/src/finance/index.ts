export * from './annuity';
export * from './calculator';
export * from './quote';
export * from './repayment';
export * from './teaser-eligibility';
export * from './calculator-panel';
