import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { LocationEntity } from './location.entity';

/** Weekly opening hours of one department of a location (weekday 0 Sunday to 6 Saturday). */
@Entity({ name: 'location_hours' })
@Check('ck_location_hours_weekday', `weekday BETWEEN 0 AND 6`)
@Check('ck_location_hours_status', `status IN ('Open', 'Closed')`)
export class LocationHoursEntity {
  @PrimaryColumn({ type: 'int' })
  location_id!: number;

  /** sales, service or parts: the department selector on a location page switches between them. */
  @PrimaryColumn({ type: 'text' })
  department!: string;

  @PrimaryColumn({ type: 'smallint' })
  weekday!: number;

  /** Open or Closed. */
  @Column({ type: 'text' })
  status!: string;

  /** Local time 'HH:mm', null when closed. */
  @Column({ type: 'text', nullable: true })
  open!: string | null;

  @Column({ type: 'text', nullable: true })
  close!: string | null;

  @ManyToOne('LocationEntity', (location: LocationEntity) => location.hours, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'location_id' })
  location!: LocationEntity;
}
