import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { displayMobile, maskPhone } from '@platform/domain';
import type { SmsMessage, SmsSender } from './sms-sender';

/**
 * The development sender: nothing is texted. The message goes to the sms_messages table (tests and
 * developers read the code there) and to the log with the number masked, never in full.
 */
export class DevSmsSender implements SmsSender {
  private readonly logger = new Logger('DevSmsSender');

  constructor(private readonly db: DataSource) {}

  async send(message: SmsMessage): Promise<void> {
    await this.db.query(`INSERT INTO sms_messages (site_id, phone, body) VALUES ($1, $2, $3)`, [
      message.siteId,
      message.to,
      message.body,
    ]);
    this.logger.log(
      { siteId: message.siteId, to: maskPhone(displayMobile(message.to)) },
      `development SMS (not sent): ${message.body}`,
    );
  }
}
