export * from './insights-email-token';
export * from './insights-email-message';
export * from './weekly-insights-email';
