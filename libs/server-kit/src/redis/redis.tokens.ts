/** Injection token of the shared ioredis connection for plain commands. */
export const REDIS = Symbol('REDIS');
