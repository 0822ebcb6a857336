import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { LocationEntity } from './location.entity';

/** Hours that replace the weekly ones on one date (public holidays, stocktake). */
@Entity({ name: 'location_special_hours' })
@Check('ck_special_hours_department', `department IN ('all', 'sales', 'service', 'parts')`)
export class LocationSpecialHoursEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index()
  @Column({ type: 'int' })
  location_id!: number;

  @Column({ type: 'date' })
  date!: string;

  /** Open or Closed. */
  @Column({ type: 'text' })
  status!: string;

  @Column({ type: 'text', nullable: true })
  start_hour!: string | null;

  @Column({ type: 'text', nullable: true })
  end_hour!: string | null;

  /** all, sales, service or parts. */
  @Column({ type: 'text', default: 'all' })
  department!: string;

  @Column({ type: 'text', nullable: true })
  location_name!: string | null;

  @ManyToOne('LocationEntity', (location: LocationEntity) => location.special_hours, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'location_id' })
  location!: LocationEntity;
}
