import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { ReservationEntity } from './reservation.entity';

/** The kinds of reservation email: the shopper told of the dealership's outcome, or the dealership reminded. */
export const RESERVATION_NOTICE_KINDS = ['completed', 'cancelled', 'extended', 'dealer_reminder'] as const;
export type ReservationNoticeKind = (typeof RESERVATION_NOTICE_KINDS)[number];

/**
 * The outbox of reservation emails: written in the transaction of the action it tells of (a dealer
 * completing, cancelling or extending a hold; the sweep finding a hold nobody acted on), sent by the
 * worker through the mailer with the row id as the message's delivery id, so a send retried is the
 * same message. One reminder per reservation, by the partial unique index.
 */
@Entity({ name: 'reservation_notices' })
@Check('ck_reservation_notices_kind', `kind IN ('completed', 'cancelled', 'extended', 'dealer_reminder')`)
@Check('ck_reservation_notices_status', `status IN ('pending', 'sent', 'dead')`)
@Index('ux_reservation_notices_reminder', ['reservation_id'], { unique: true, where: `kind = 'dealer_reminder'` })
@Index('ix_reservation_notices_pending', ['created_at'], { where: `status = 'pending'` })
export class ReservationNoticeEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  reservation_id!: string;

  @ManyToOne('ReservationEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'reservation_id' })
  reservation!: ReservationEntity;

  @Column({ type: 'text' })
  kind!: ReservationNoticeKind;

  @Column({ type: 'text', array: true })
  recipients!: string[];

  @Column({ type: 'text' })
  subject!: string;

  @Column({ type: 'text' })
  body!: string;

  /** pending (to send), sent, or dead (every attempt failed; last_error says why). */
  @Column({ type: 'text', default: 'pending' })
  status!: string;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ type: 'text', nullable: true })
  last_error!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  sent_at!: Date | null;
}
