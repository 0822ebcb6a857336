export * from './repayment';
