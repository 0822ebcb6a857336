import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { ManufacturerEntity } from './manufacturer.entity';
import type { SiteEntity } from './site.entity';
import { numericTransformer } from './numeric.transformer';

/** A dealership of a site. Its slug is global because feeds address it alone (a retired one's too). */
@Entity({ name: 'dealerships' })
export class DealershipEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index()
  @Column({ type: 'int' })
  site_id!: number;

  @ManyToOne('SiteEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'site_id' })
  site?: SiteEntity;

  @Index({ unique: true })
  @Column({ type: 'text' })
  slug!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'int', nullable: true })
  manufacturer_id!: number | null;

  @ManyToOne('ManufacturerEntity', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'manufacturer_id' })
  manufacturer?: ManufacturerEntity;

  @Column({ type: 'text', nullable: true })
  logo_url!: string | null;

  @Column({ type: 'text', nullable: true })
  override_city!: string | null;

  @Column({ type: 'int', default: 3 })
  include_sold_cars_days!: number;

  @Column({ type: 'numeric', precision: 3, scale: 2, nullable: true, transformer: numericTransformer })
  average_rating!: number | null;

  @Column({ type: 'int', default: 0 })
  review_count!: number;

  @Column({ type: 'int', default: 0 })
  position!: number;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  config!: Record<string, unknown>;

  /** The dealership's main number: what a location written without one is given. */
  @Column({ type: 'text', nullable: true })
  phone!: string | null;

  /** Makes sold new and demo beside the main brand (manufacturer slugs): what a location naming none sells. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  brands!: string[];

  /** Retired by ops (soft): its cars are withdrawn and its locations hidden; its rows stay with its site. */
  @Column({ type: 'timestamptz', nullable: true })
  retired_at!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;
}
