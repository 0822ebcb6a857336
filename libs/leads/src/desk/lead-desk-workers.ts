import type { DataSource } from 'typeorm';
import {
  leadDeskNoticeJobId,
  leadReplyJobId,
  QUIET_LOG,
  WorkerGroup,
  type QueueProducer,
  type WorkerLog,
} from '@platform/queues';
import { createMailer } from '../delivery/lead-mailer';
import { DevSmsSender } from '../sms/dev-sms-sender';
import { HttpSmsSender } from '../sms/http-sms-sender';
import type { SmsSender } from '../sms/sms-sender';
import { LeadDesk } from './lead-desk';
import { LeadReplies } from './lead-replies';

/** How often the escalation ladder is climbed and pending notices relayed: well inside a 5-minute target. */
export const LEAD_DESK_SWEEP_EVERY_MS = 10_000;

export interface LeadDeskWorkersOptions {
  dataSource: DataSource;
  producer: QueueProducer;
  redisUrl: string;
  prefix: string;
  webPort?: number | null;
  smtpUrl?: string;
  mailFrom?: string;
  smsGatewayUrl?: string;
  smsGatewayToken?: string;
  log?: WorkerLog;
  /** Register the repeatable sweep (off in tests that run it by hand). */
  schedule?: boolean;
  /** The sweep's clock (tests move it on). */
  now?: () => Date;
}

/** Queues every pending desk notice; one already queued keeps its one job. */
export async function relayDeskNotices(desk: LeadDesk, producer: QueueProducer): Promise<number> {
  const ids = await desk.pendingIds();
  for (const noticeId of ids)
    await producer.add('leadDeskNotice', { noticeId }, { jobId: leadDeskNoticeJobId(noticeId) });
  return ids.length;
}

/** Queues every pending reply to a shopper (the api queues a reply at once; this catches what it could not). */
export async function relayReplies(replies: LeadReplies, producer: QueueProducer): Promise<number> {
  const ids = await replies.pendingIds();
  for (const replyId of ids) await producer.add('leadReply', { replyId }, { jobId: leadReplyJobId(replyId) });
  return ids.length;
}

/** Starts the lead desk's sweep, notice and reply workers; returns a function that stops them. */
export async function startLeadDeskWorkers(options: LeadDeskWorkersOptions): Promise<() => Promise<void>> {
  const { dataSource, producer, log = QUIET_LOG } = options;
  const desk = new LeadDesk(dataSource, { webPort: options.webPort ?? null, log });
  const replies = new LeadReplies(dataSource, { webPort: options.webPort ?? null });
  const mailer = createMailer(dataSource, options);
  const sms: SmsSender = options.smsGatewayUrl
    ? new HttpSmsSender(options.smsGatewayUrl, options.smsGatewayToken)
    : new DevSmsSender(dataSource, log, false);
  const group = new WorkerGroup(options.redisUrl, options.prefix, log);
  group.start('leadDeskSweep', 1, async () => {
    const steps = await desk.sweep((options.now ?? (() => new Date()))());
    const queued = (await relayDeskNotices(desk, producer)) + (await relayReplies(replies, producer));
    if (steps.overdue || steps.escalated || steps.reassigned || steps.reminded) log.info(steps, 'lead desk sweep');
    return { ...steps, queued };
  });
  group.start('leadDeskNotice', 2, async ({ noticeId }, job) =>
    desk.send(noticeId, { mailer, sms }, { number: job.attemptsMade + 1, max: job.opts.attempts ?? 1 }),
  );
  group.start('leadReply', 2, async ({ replyId }, job) =>
    replies.send(replyId, { mailer, sms }, { number: job.attemptsMade + 1, max: job.opts.attempts ?? 1 }),
  );
  if (options.schedule !== false)
    group.schedule('leadDeskSweep', 'lead-desk-sweep', LEAD_DESK_SWEEP_EVERY_MS, { task: 'sweep' });
  await group.ready();
  return async () => {
    await group.close();
    mailer.close();
  };
}
