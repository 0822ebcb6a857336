import { activeJobs } from '@platform/queues';

/** The one line the worker writes when it dies: the error and the jobs it was running. */
export function crashReportLine(kind: string, error: unknown): string {
  const err = error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) };
  return `${JSON.stringify({ level: 60, time: Date.now(), msg: `worker process crashed (${kind})`, err, activeJobs: activeJobs() })}\n`;
}

/**
 * When an error escapes every handler, the worker writes one line naming the jobs it was running
 * before it exits (the supervisor restarts it): the job whose input killed the process is among
 * them, and after MAX_STALLED_COUNT such deaths BullMQ fails that job instead of running it again.
 * Written straight to stderr, since the logger may be what broke; job ids carry no personal data.
 */
export function installCrashReport(): void {
  const report = (kind: string) => (error: unknown) => {
    process.stderr.write(crashReportLine(kind, error));
    process.exit(1);
  };
  process.on('uncaughtException', report('uncaught exception'));
  process.on('unhandledRejection', report('unhandled rejection'));
}
