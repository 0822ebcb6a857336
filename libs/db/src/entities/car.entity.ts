import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
} from 'typeorm';
import type { DealershipEntity } from './dealership.entity';
import type { LocationEntity } from './location.entity';
import type { ReservationEntity } from './reservation.entity';

/**
 * A car in a dealership's stock: the record the search index is projected from. What is filtered,
 * sorted or joined on has a column; every other field of the specification's Car lives in `data`.
 */
@Entity({ name: 'cars' })
@Check('ck_cars_car_type', `car_type IN ('new', 'used', 'demo')`)
@Check('ck_cars_status', `status IN ('in_stock', 'coming_soon', 'sold')`)
@Unique('uq_cars_dealership_stocknum', ['dealership_id', 'stocknum'])
@Index('ix_cars_dealership_status', ['dealership_id', 'status'])
@Index('ix_cars_make_model', ['make', 'model'])
export class CarEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  dealership_id!: number;

  @ManyToOne('DealershipEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'dealership_id' })
  dealership?: DealershipEntity;

  @Index()
  @Column({ type: 'int', nullable: true })
  location_id!: number | null;

  @ManyToOne('LocationEntity', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'location_id' })
  location?: LocationEntity;

  @Column({ type: 'text' })
  stocknum!: string;

  @Index({ unique: true })
  @Column({ type: 'text' })
  slug!: string;

  /** new, used or demo. */
  @Column({ type: 'text' })
  car_type!: string;

  /** in_stock, coming_soon or sold. */
  @Column({ type: 'text', default: 'in_stock' })
  status!: string;

  @Column({ type: 'text' })
  make!: string;

  @Column({ type: 'text' })
  model!: string;

  @Column({ type: 'text', nullable: true })
  badge!: string | null;

  @Column({ type: 'int' })
  year!: number;

  /** Whole dollars; null or 0 means 'enquire for price'. */
  @Index()
  @Column({ type: 'int', nullable: true })
  price!: number | null;

  @Column({ type: 'int', nullable: true })
  before_price!: number | null;

  @Column({ type: 'int', nullable: true })
  subscription_price!: number | null;

  @Column({ type: 'int', nullable: true })
  km!: number | null;

  @Column({ type: 'text', nullable: true })
  simple_body!: string | null;

  @Column({ type: 'text', nullable: true })
  simple_fuel!: string | null;

  @Column({ type: 'text', nullable: true })
  simple_transmission!: string | null;

  @Column({ type: 'text', nullable: true })
  simple_drive!: string | null;

  @Column({ type: 'text', nullable: true })
  colour!: string | null;

  @Column({ type: 'int', nullable: true })
  seats!: number | null;

  @Column({ type: 'text', nullable: true })
  tag!: string | null;

  @Column({ type: 'boolean', default: false })
  certified!: boolean;

  /**
   * Reserved: the feed's flag or an online reservation's hold. A trigger keeps it equal to
   * feed_reserved OR reservation_id IS NOT NULL, so neither writer can clear the other's hold.
   */
  @Column({ type: 'boolean', default: false })
  reserved!: boolean;

  /** The reserved flag as the dealer's feed last sent it. */
  @Column({ type: 'boolean', default: false })
  feed_reserved!: boolean;

  /** The online reservation holding the car (held, or completed until the feed marks it sold). */
  @Column({ type: 'uuid', nullable: true })
  reservation_id!: string | null;

  @ManyToOne('ReservationEntity', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'reservation_id' })
  reservation!: ReservationEntity | null;

  @Column({ type: 'boolean', default: true })
  show_on_dealer_website!: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  sold_date!: Date | null;

  /** sold_date + the dealership's include_sold_cars_days, set at ingest; null while unsold. */
  @Index()
  @Column({ type: 'timestamptz', nullable: true })
  listed_until!: Date | null;

  /** Set when a feed withdraws the car (deleted in delta mode, or missing from a snapshot): kept, never shown. */
  @Column({ type: 'timestamptz', nullable: true })
  withdrawn_at!: Date | null;

  /** Hash of the feed row last applied, so an identical push is recognised as unchanged. */
  @Column({ type: 'text', nullable: true })
  content_hash!: string | null;

  /** The custom rank search sorts by for 'relevance' (higher first). */
  @Column({ type: 'int', default: 0 })
  custom_rank!: number;

  @Column({ type: 'int', default: 0 })
  views!: number;

  /** Every other field of the specification's Car, as the feed gave it. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  data!: Record<string, unknown>;

  @Index()
  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at!: Date;
}
