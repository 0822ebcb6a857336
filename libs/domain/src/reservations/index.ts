export * from './reservation-status';
export * from './checkout-request';
