export * from './reservation-status';
export * from './checkout-request';
export * from './refund-policy';
export * from './dealer-response';
