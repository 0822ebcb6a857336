export * from './safe-redirect';
export * from './mobile-number';
export * from './sign-in-gates';
export * from './session-cookie';
export * from './console-next';
