import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
} from 'typeorm';
import type { LeadEntity } from './lead.entity';

/**
 * One delivery of a lead on one channel (the CRM webhook, the dealer's email notification, the
 * shopper's confirmation of a reservation or payment), written in the lead's transaction. Its id is
 * the delivery id the CRM de-duplicates on. The relay moves pending rows to the lead-delivery queue;
 * the worker records the outcome here.
 */
@Entity({ name: 'lead_outbox' })
@Unique('uq_lead_outbox_lead_channel', ['lead_id', 'channel'])
@Check('ck_lead_outbox_channel', `channel IN ('crm', 'email', 'shopper_email')`)
@Check('ck_lead_outbox_status', `status IN ('pending', 'queued', 'delivered', 'dead')`)
@Index('ix_lead_outbox_pending', ['created_at'], { where: `status = 'pending'` })
@Index('ix_lead_outbox_status_updated', ['status', 'updated_at'])
export class LeadOutboxEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  lead_id!: string;

  @ManyToOne('LeadEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lead_id' })
  lead!: LeadEntity;

  @Column({ type: 'text' })
  channel!: string;

  /** pending (not yet queued), queued, delivered, or dead (every attempt failed; ops may retry). */
  @Column({ type: 'text', default: 'pending' })
  status!: string;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  /** Why the last attempt failed: an HTTP status and reason, never the lead's content. */
  @Column({ type: 'text', nullable: true })
  last_error!: string | null;

  /** Where it went: the webhook host, 'deliveries table', 'smtp' or 'outbound_emails table'. */
  @Column({ type: 'text', nullable: true })
  target!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  queued_at!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  delivered_at!: Date | null;

  /** Email channel: when the mail server accepted the message, written at once, before the delivery is marked delivered. */
  @Column({ type: 'timestamptz', nullable: true })
  email_sent_at!: Date | null;

  /** The Message-ID of that message (the same on every attempt, derived from the delivery id). */
  @Column({ type: 'text', nullable: true })
  email_message_id!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at!: Date;
}
