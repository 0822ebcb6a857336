import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { ShopperEntity } from './shopper.entity';

/**
 * The outbox of shopper alert messages: one row per message and channel, written in the transaction
 * that decides to send it. The worker's relay queues pending rows (job id = row id); delivery sends
 * once through the email or SMS adapter and records the outcome here. `notification_id` is shared by
 * the email and SMS copy of one notification: the daily limit counts notifications.
 */
@Entity({ name: 'alert_messages' })
@Check('ck_alert_messages_channel', `channel IN ('email', 'sms')`)
@Check('ck_alert_messages_status', `status IN ('pending', 'queued', 'delivered', 'dead', 'withdrawn')`)
@Index('ix_alert_messages_pending', ['created_at'], { where: `status = 'pending'` })
@Index('ix_alert_messages_shopper_created', ['shopper_id', 'created_at'])
export class AlertMessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  notification_id!: string;

  @Column({ type: 'uuid' })
  shopper_id!: string;

  @ManyToOne('ShopperEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'shopper_id' })
  shopper?: ShopperEntity;

  @Column({ type: 'int' })
  site_id!: number;

  @Column({ type: 'text' })
  channel!: string;

  /** A digest of a day, or an instant notification (the alerts of one dispatch pass, grouped). */
  @Column({ type: 'boolean', default: false })
  digest!: boolean;

  @Column({ type: 'uuid', array: true })
  alert_ids!: string[];

  /** pending, queued, delivered, dead, or withdrawn: no live consent covered it when its turn came. */
  @Column({ type: 'text', default: 'pending' })
  status!: string;

  /** A text found in the site's quiet hours waits until they end: the relay queues it from then. */
  @Column({ type: 'timestamptz', nullable: true })
  send_after!: Date | null;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  /** Why the last attempt failed, never the message or its recipient. */
  @Column({ type: 'text', nullable: true })
  last_error!: string | null;

  @Column({ type: 'text', nullable: true })
  target!: string | null;

  /** When the mail server or SMS gateway accepted it: a retry that finds this does not send again. */
  @Column({ type: 'timestamptz', nullable: true })
  sent_at!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  delivered_at!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at!: Date;
}
