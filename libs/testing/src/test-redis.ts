import { presentEnv } from '@platform/db';
import { uniqueName } from './test-database';

export const TEST_REDIS_URL = presentEnv().TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix of its own for one test file, so runs never see each other's keys or queues. */
export function uniqueRedisPrefix(): string {
  return uniqueName('test');
}
