import type { Provider } from '@nestjs/common';
import type Redis from 'ioredis';
import { Counter } from 'prom-client';
import { SearchAppearanceCounter } from '@platform/events';
import { ENV, PlatformMetrics, REDIS, type BaseEnv } from '@platform/server-kit';

/** The api's search-appearance counter (issue 41); a failed count shows on /metrics, never to the shopper. */
export const searchAppearancesProvider: Provider = {
  provide: SearchAppearanceCounter,
  inject: [REDIS, ENV, PlatformMetrics],
  useFactory: (redis: Redis, env: BaseEnv, metrics: PlatformMetrics) => {
    const failures = new Counter({
      name: 'search_appearance_count_failures_total',
      help: 'Results pages whose search appearances could not be counted in Redis (stock insights)',
      registers: [metrics.registry],
    });
    return new SearchAppearanceCounter(redis, env.REDIS_PREFIX, () => failures.inc());
  },
};
