import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import type { DealershipEntity } from './dealership.entity';
import { numericTransformer } from './numeric.transformer';
import type { LocationHoursEntity } from './location-hours.entity';
import type { LocationSpecialHoursEntity } from './location-special-hours.entity';

/** A dealership's site (sales yard, service centre, parts counter) with its own time zone. */
@Entity({ name: 'locations' })
@Check('ck_locations_type', `location_type IN ('', 'sales', 'used', 'service', 'parts')`)
@Check('ck_locations_time_zone', `time_zone LIKE 'Australia/%'`)
@Unique('uq_locations_dealership_slug', ['dealership_id', 'slug'])
export class LocationEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index()
  @Column({ type: 'int' })
  dealership_id!: number;

  @ManyToOne('DealershipEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'dealership_id' })
  dealership?: DealershipEntity;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  slug!: string;

  @Column({ type: 'boolean', default: true })
  visible!: boolean;

  @Column({ type: 'boolean', default: false })
  primary!: boolean;

  /** sales, used, service, parts or '' (which means sales). */
  @Column({ type: 'text', default: '' })
  location_type!: string;

  @Column({ type: 'text', nullable: true })
  location_subtype!: string | null;

  /** Manufacturer slugs this location sells or services. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  manufacturers!: string[];

  @Column({ type: 'text', nullable: true })
  dealer_license_number!: string | null;

  @Column({ type: 'text', nullable: true })
  motor_vehicle_repairer!: string | null;

  @Column({ type: 'text' })
  street!: string;

  @Column({ type: 'text' })
  city!: string;

  @Column({ type: 'text' })
  state!: string;

  @Column({ type: 'text' })
  postcode!: string;

  @Column({ type: 'double precision', nullable: true })
  lat!: number | null;

  @Column({ type: 'double precision', nullable: true })
  long!: number | null;

  @Column({ type: 'text', nullable: true })
  place_id!: string | null;

  @Column({ type: 'text', nullable: true })
  place_url!: string | null;

  @Column({ type: 'text', nullable: true })
  map_key!: string | null;

  @Column({ type: 'text', nullable: true })
  phone!: string | null;

  @Column({ type: 'text', nullable: true })
  landline_phone!: string | null;

  @Column({ type: 'text', nullable: true })
  image_url!: string | null;

  @Column({ type: 'text', nullable: true })
  image_thumb_url!: string | null;

  @Column({ type: 'numeric', precision: 3, scale: 2, nullable: true, transformer: numericTransformer })
  average_rating!: number | null;

  @Column({ type: 'int', default: 0 })
  review_count!: number;

  /** IANA zone, Australia/*: opening hours are local to the location. */
  @Column({ type: 'text' })
  time_zone!: string;

  @OneToMany('LocationHoursEntity', (hours: LocationHoursEntity) => hours.location)
  hours!: LocationHoursEntity[];

  @OneToMany('LocationSpecialHoursEntity', (hours: LocationSpecialHoursEntity) => hours.location)
  special_hours!: LocationSpecialHoursEntity[];
}
