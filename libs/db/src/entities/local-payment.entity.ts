import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * The built-in local payment provider's own records: what a payment service keeps on its side. Only
 * the local provider reads and writes them; the platform sees them through the payment port.
 */
@Entity({ name: 'local_payments' })
@Check('ck_local_payments_status', `status IN ('requires_payment', 'succeeded', 'canceled')`)
@Check('ck_local_payments_amount', `amount_cents > 0`)
// Refunds never exceed what was paid: the provider's own guard against paying a deposit back twice.
@Check('ck_local_payments_refunded', `refunded_cents >= 0 AND refunded_cents <= amount_cents`)
@Index('ux_local_payments_idempotency', ['idempotency_key'], { unique: true })
export class LocalPaymentEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  idempotency_key!: string;

  @Column({ type: 'int' })
  amount_cents!: number;

  @Column({ type: 'text' })
  currency!: string;

  @Column({ type: 'text' })
  description!: string;

  /** What the payment is for (purpose and record id), returned on its events like Stripe's metadata. */
  @Column({ type: 'jsonb' })
  metadata!: Record<string, string>;

  @Column({ type: 'text', default: 'requires_payment' })
  status!: string;

  /** Declines so far (each one sends a failed event). */
  @Column({ type: 'int', default: 0 })
  declines!: number;

  /** The sum of its refunds (local_refunds). */
  @Column({ type: 'int', default: 0 })
  refunded_cents!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at!: Date;
}
