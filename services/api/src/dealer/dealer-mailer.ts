import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { createMailer, type LeadEmail, type LeadMailer } from '@platform/leads';
import { ENV } from '@platform/server-kit';
import type { ApiEnv } from '../env';

/**
 * The api's email: the dealer console's sign-in codes and invitations, which cannot wait for a
 * queue. SMTP where SMTP_URL is set; in development each message is kept whole in outbound_emails,
 * the development mailbox, exactly as the worker's lead and alert emails are.
 */
@Injectable()
export class DealerMailer implements OnModuleDestroy {
  private readonly mailer: LeadMailer;

  constructor(@InjectDataSource() dataSource: DataSource, @Inject(ENV) env: ApiEnv) {
    this.mailer = createMailer(dataSource, { smtpUrl: env.SMTP_URL, mailFrom: env.MAIL_FROM });
  }

  send(email: LeadEmail): Promise<string> {
    return this.mailer.send(email);
  }

  onModuleDestroy(): void {
    this.mailer.close();
  }
}
