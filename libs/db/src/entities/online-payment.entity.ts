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
import type { DealershipEntity } from './dealership.entity';
import type { LeadEntity } from './lead.entity';
import type { SiteEntity } from './site.entity';

/** A payment at /online-payment against a dealer's reference (an invoice or a service booking). */
@Entity({ name: 'online_payments' })
@Check('ck_online_payments_status', `status IN ('pending_payment', 'paid', 'abandoned')`)
@Check('ck_online_payments_amount', `amount_cents > 0`)
@Index('ux_online_payments_payment', ['payment_provider', 'payment_ref'], {
  unique: true,
  where: 'payment_ref IS NOT NULL',
})
@Index('ux_online_payments_idempotency', ['site_id', 'idempotency_key'], {
  unique: true,
  where: 'idempotency_key IS NOT NULL',
})
@Index('ix_online_payments_site_created', ['site_id', 'created_at'])
export class OnlinePaymentEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'int' })
  site_id!: number;

  @ManyToOne('SiteEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'site_id' })
  site!: SiteEntity;

  @Column({ type: 'int', nullable: true })
  dealership_id!: number | null;

  @ManyToOne('DealershipEntity', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'dealership_id' })
  dealership!: DealershipEntity | null;

  /** The invoice or booking reference the shopper typed. */
  @Column({ type: 'text' })
  reference!: string;

  @Column({ type: 'int' })
  amount_cents!: number;

  @Column({ type: 'text', default: 'aud' })
  currency!: string;

  @Column({ type: 'jsonb' })
  contact!: Record<string, unknown>;

  @Column({ type: 'text', default: 'pending_payment' })
  status!: string;

  @Column({ type: 'text' })
  payment_provider!: string;

  @Column({ type: 'text', nullable: true })
  payment_ref!: string | null;

  @Column({ type: 'text', nullable: true })
  payment_error!: string | null;

  @Column({ type: 'uuid', nullable: true })
  lead_id!: string | null;

  @ManyToOne('LeadEntity', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'lead_id' })
  lead!: LeadEntity | null;

  @Column({ type: 'text', nullable: true })
  idempotency_key!: string | null;

  @Column({ type: 'text', nullable: true })
  request_hash!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  paid_at!: Date | null;
}
