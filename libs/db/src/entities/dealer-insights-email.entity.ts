import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A dealer user who pressed unsubscribe on the weekly stock insights email (issue 41): kept until
 * they are removed, so the weekly job leaves them out. Keyed by the dealer user's id.
 */
@Entity({ name: 'dealer_insights_email_opt_outs' })
export class DealerInsightsEmailOptOutEntity {
  @PrimaryColumn({ type: 'uuid' })
  user_id!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;
}

/**
 * The weekly insights email's sent-marker: one row per dealership and week (the Monday of its own
 * zone), claimed before sending, so a job run twice, or by two workers, sends the week once.
 */
@Entity({ name: 'dealer_insights_emails' })
export class DealerInsightsEmailEntity {
  @PrimaryColumn({ type: 'int' })
  dealership_id!: number;

  /** The week's Monday in the dealership's zone (YYYY-MM-DD). */
  @PrimaryColumn({ type: 'date' })
  week!: string;

  @Column({ type: 'int' })
  recipients!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  sent_at!: Date;
}
