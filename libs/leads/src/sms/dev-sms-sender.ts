import type { DataSource } from 'typeorm';
import { displayMobile, maskPhone } from '@platform/domain';
import { QUIET_LOG, type WorkerLog } from '@platform/queues';
import type { SmsMessage, SmsSender } from './sms-sender';

/**
 * The development sender: nothing is texted. The message goes to the sms_messages table (tests and
 * developers read the code there) and to the log with the number masked, never in full. `logBody`
 * is for sign-in codes a developer types from the log; alerts leave their text out of the log.
 */
export class DevSmsSender implements SmsSender {
  constructor(
    private readonly db: DataSource,
    private readonly log: WorkerLog = QUIET_LOG,
    private readonly logBody = true,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await this.db.query(`INSERT INTO sms_messages (site_id, phone, body) VALUES ($1, $2, $3)`, [
      message.siteId,
      message.to,
      message.body,
    ]);
    this.log.info(
      { siteId: message.siteId, to: maskPhone(displayMobile(message.to)) },
      this.logBody ? `development SMS (not sent): ${message.body}` : 'development SMS (not sent)',
    );
  }
}
