/**
 * Waits for `work` at most `ms`. A Redis that is reconnecting queues commands instead of failing
 * them, so callers that must not hang on it (a shopper's request, the relay's pass) bound the wait.
 * The work itself is not cancelled.
 */
export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
