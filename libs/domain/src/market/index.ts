export * from './autogauge';
