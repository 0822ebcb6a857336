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
import type { CarEntity } from './car.entity';
import type { DealershipEntity } from './dealership.entity';
import type { LeadEntity } from './lead.entity';
import type { ShopperEntity } from './shopper.entity';
import type { SiteEntity } from './site.entity';

/**
 * A shopper's online reservation of a car, or the deposit that ends an Online Purchase. The partial
 * unique index admits one active reservation (pending_payment or held) per car: two shoppers racing
 * for a car are decided by the database, never by a read before a write. Holds personal data (the
 * contact): only the api, the worker and ops read it.
 */
@Entity({ name: 'reservations' })
@Check(
  'ck_reservations_status',
  `status IN ('pending_payment', 'held', 'completed', 'released', 'cancelled', 'expired', 'refunded')`,
)
@Check('ck_reservations_kind', `kind IN ('reserve', 'purchase')`)
@Check('ck_reservations_deposit', `deposit_cents > 0`)
@Check(
  'ck_reservations_refund_reason',
  `refund_reason IS NULL OR refund_reason IN ('hold_expired', 'paid_after_hold_ended', 'car_unavailable', 'cancelled')`,
)
// A refund is owed or made, never both; and a deposit is kept on a paid reservation or refunded, never both.
@Check('ck_reservations_refund_once', `NOT (refund_due AND refund_ref IS NOT NULL)`)
@Check(
  'ck_reservations_kept_or_refunded',
  `status NOT IN ('held', 'completed') OR (NOT refund_due AND refund_ref IS NULL)`,
)
@Check('ck_reservations_refund_attempts', `refund_attempts >= 0`)
@Index('ux_reservations_active_car', ['car_id'], { unique: true, where: `status IN ('pending_payment', 'held')` })
@Index('ux_reservations_payment', ['payment_provider', 'payment_ref'], {
  unique: true,
  where: 'payment_ref IS NOT NULL',
})
@Index('ux_reservations_idempotency', ['site_id', 'idempotency_key'], {
  unique: true,
  where: 'idempotency_key IS NOT NULL',
})
@Index('ix_reservations_status_site', ['status', 'site_id', 'created_at'])
@Index('ix_reservations_refunds_due', ['refund_next_attempt_at'], { where: 'refund_due' })
export class ReservationEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text', default: 'reserve' })
  kind!: string;

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

  /** Null once the car itself is purged; car_summary keeps what the shopper reserved. */
  @Column({ type: 'int', nullable: true })
  car_id!: number | null;

  @ManyToOne('CarEntity', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'car_id' })
  car!: CarEntity | null;

  /** The car as the shopper saw it: title, stock number, slug, price text, photo, location. */
  @Column({ type: 'jsonb' })
  car_summary!: Record<string, unknown>;

  /** The signed-in shopper, when the site signs shoppers in. */
  @Column({ type: 'uuid', nullable: true })
  shopper_id!: string | null;

  @ManyToOne('ShopperEntity', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'shopper_id' })
  shopper!: ShopperEntity | null;

  /** name, last_name, email, phone, postcode. */
  @Column({ type: 'jsonb' })
  contact!: Record<string, unknown>;

  /** An Online Purchase's choices (trade-in, payment method, delivery), priced by the server. */
  @Column({ type: 'jsonb', nullable: true })
  selections!: Record<string, unknown> | null;

  @Column({ type: 'int' })
  deposit_cents!: number;

  @Column({ type: 'text', default: 'aud' })
  currency!: string;

  @Column({ type: 'text', default: 'pending_payment' })
  status!: string;

  /** 'local' or 'stripe'. */
  @Column({ type: 'text' })
  payment_provider!: string;

  /** The provider's payment id (a PaymentIntent id with Stripe). */
  @Column({ type: 'text', nullable: true })
  payment_ref!: string | null;

  /** pending_payment ends here: an unpaid hold is released after it. */
  @Column({ type: 'timestamptz' })
  payment_deadline!: Date;

  /** A held reservation ends here (the dealership's hold_hours after payment). */
  @Column({ type: 'timestamptz', nullable: true })
  hold_expires_at!: Date | null;

  /** How often the dealership extended the hold from its console (bounded by reservations.max_extensions). */
  @Column({ type: 'int', default: 0 })
  hold_extensions!: number;

  /** When a dealer user first acted on the hold (extended it; completing or cancelling ends it). */
  @Column({ type: 'timestamptz', nullable: true })
  dealer_acted_at!: Date | null;

  /** When the dealership's users were reminded of a hold nobody acted on (once; see reservation_notices). */
  @Column({ type: 'timestamptz', nullable: true })
  dealer_reminded_at!: Date | null;

  /** The last payment failure the shopper was shown (declined), cleared by a success. */
  @Column({ type: 'text', nullable: true })
  payment_error!: string | null;

  /** A refund owed and not yet confirmed by the provider; the sweep retries it. */
  @Column({ type: 'boolean', default: false })
  refund_due!: boolean;

  /** The provider's refund id, once the provider has confirmed the refund. */
  @Column({ type: 'text', nullable: true })
  refund_ref!: string | null;

  /** Why the deposit goes back (libs/domain REFUND_REASONS): what the shopper and ops are told. */
  @Column({ type: 'text', nullable: true })
  refund_reason!: string | null;

  /** Calls made to the provider for this refund; each failure doubles the wait before the next. */
  @Column({ type: 'int', default: 0 })
  refund_attempts!: number;

  /**
   * A refund owed is not tried before this. Set when an attempt starts, so two sweeps racing never
   * call the provider together; null: due now.
   */
  @Column({ type: 'timestamptz', nullable: true })
  refund_next_attempt_at!: Date | null;

  /** The provider's answer to the last failed attempt, for ops. */
  @Column({ type: 'text', nullable: true })
  refund_error!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  refunded_at!: Date | null;

  /** Why ops should look: a payment after the hold ended, a refund that failed. */
  @Column({ type: 'text', nullable: true })
  ops_flag!: string | null;

  /** The 'Reserve Online' lead made when the payment was confirmed. */
  @Column({ type: 'uuid', nullable: true })
  lead_id!: string | null;

  @ManyToOne('LeadEntity', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'lead_id' })
  lead!: LeadEntity | null;

  /** SHA-256 of the client's Idempotency-Key, per site: a retried checkout finds its reservation. */
  @Column({ type: 'text', nullable: true })
  idempotency_key!: string | null;

  @Column({ type: 'text', nullable: true })
  request_hash!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  held_at!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  ended_at!: Date | null;
}
