import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { LocalPaymentEntity } from './local-payment.entity';

/**
 * The built-in local provider's refunds, as a payment service keeps them: one row per refund, found
 * again by its idempotency key, so a retried refund answers the refund already made.
 */
@Entity({ name: 'local_refunds' })
@Check('ck_local_refunds_amount', `amount_cents > 0`)
@Index('ux_local_refunds_idempotency', ['idempotency_key'], { unique: true })
@Index('ix_local_refunds_payment', ['payment_id'])
export class LocalRefundEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  payment_id!: string;

  @ManyToOne('LocalPaymentEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'payment_id' })
  payment!: LocalPaymentEntity;

  @Column({ type: 'text' })
  idempotency_key!: string;

  @Column({ type: 'int' })
  amount_cents!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;
}
