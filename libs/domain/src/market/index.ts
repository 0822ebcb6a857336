export * from './autogauge';
export * from './gauge-display';
