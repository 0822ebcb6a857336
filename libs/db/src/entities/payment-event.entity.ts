import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * Every payment event the platform has acted on, by the provider's event id: a webhook delivered
 * twice (providers retry, and replay) finds its row and changes nothing.
 */
@Entity({ name: 'payment_events' })
export class PaymentEventEntity {
  @PrimaryColumn({ type: 'text' })
  provider!: string;

  @PrimaryColumn({ type: 'text' })
  event_id!: string;

  /** succeeded, failed or ignored (an event type the platform does not act on). */
  @Column({ type: 'text' })
  type!: string;

  @Column({ type: 'text', nullable: true })
  payment_ref!: string | null;

  /** What the event did: held, refunded (after the hold ended), paid, no change... */
  @Column({ type: 'text' })
  outcome!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  received_at!: Date;
}
