import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { CarEntity } from './car.entity';

/**
 * One car's day (issue 41): what shoppers did with it and what it was, rolled up by the insights
 * job from the raw events (car_event_days, leads, reservations, watchlist items) so the console's
 * charts read one small row per car and day. The roll-up recomputes a day from the raw events and
 * upserts, so running it again gives the same rows. Kept 400 days (CAR_DAILY_FACT_RETENTION_DAYS).
 */
@Entity({ name: 'car_daily_facts' })
@Index('ix_car_daily_facts_dealership_day', ['dealership_id', 'day'])
@Index('ix_car_daily_facts_day', ['day'])
export class CarDailyFactEntity {
  @PrimaryColumn({ type: 'int' })
  car_id!: number;

  @ManyToOne('CarEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'car_id' })
  car?: CarEntity;

  /** The calendar day in the dealership's zone (its primary location's). */
  @PrimaryColumn({ type: 'date' })
  day!: string;

  @Column({ type: 'int' })
  dealership_id!: number;

  /** Times the car was on a results page shown to a shopper, flushed from Redis counters (never recomputed). */
  @Column({ type: 'int', default: 0 })
  search_appearances!: number;

  @Column({ type: 'int', default: 0 })
  views!: number;

  @Column({ type: 'int', default: 0 })
  phone_reveals!: number;

  /** Leads naming the car, all forms. */
  @Column({ type: 'int', default: 0 })
  enquiries!: number;

  /** The same leads by form kind: { "vehicle": 2, "test_drive": 1 }. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  enquiries_by_form!: Record<string, number>;

  @Column({ type: 'int', default: 0 })
  reservations!: number;

  @Column({ type: 'int', default: 0 })
  watchlist_saves!: number;

  /** The asking price that day (whole dollars), as first seen by the roll-up of that day. */
  @Column({ type: 'int', nullable: true })
  price!: number | null;

  /** in_stock, coming_soon, sold or withdrawn on that day. */
  @Column({ type: 'text', default: 'in_stock' })
  status!: string;
}
