import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Daily counters of shopper events on a car (phone reveals, page views), per site and dealership.
 * One row per car, site, kind and day: reporting needs counts, never who; no personal data is kept.
 */
@Entity({ name: 'car_event_days' })
@Check('ck_car_event_days_kind', `kind IN ('phone_reveal', 'view')`)
@Index('ix_car_event_days_dealership_day', ['dealership_id', 'day'])
export class CarEventDayEntity {
  @PrimaryColumn({ type: 'int' })
  car_id!: number;

  @PrimaryColumn({ type: 'int' })
  site_id!: number;

  /** phone_reveal or view. */
  @PrimaryColumn({ type: 'text' })
  kind!: string;

  /** The day in Australia/Sydney, as dealers read their reports. */
  @PrimaryColumn({ type: 'date' })
  day!: string;

  @Column({ type: 'int' })
  dealership_id!: number;

  @Column({ type: 'int', default: 0 })
  count!: number;
}
