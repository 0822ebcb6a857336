import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { CarEntity } from './car.entity';

/**
 * A live car's latest performance rating and days-to-sell estimate (issue 41), written by the
 * insights job after each roll-up, so the console's stock list reads them instead of working out
 * every tenant's segment benchmarks per request. Only anonymous segment figures are kept here.
 */
@Entity({ name: 'car_insights' })
@Index('ix_car_insights_dealership', ['dealership_id'])
export class CarInsightEntity {
  @PrimaryColumn({ type: 'int' })
  car_id!: number;

  @ManyToOne('CarEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'car_id' })
  car?: CarEntity;

  @Column({ type: 'int' })
  dealership_id!: number;

  @Column({ type: 'timestamptz' })
  computed_at!: Date;

  /** 1 to 100; 50 is what similar cars do. */
  @Column({ type: 'int' })
  score!: number;

  @Column({ type: 'text' })
  band!: string;

  @Column({ type: 'text' })
  explanation!: string;

  /** The segment the benchmarks came from, widest fallback named ('Toyota Hilux, 3-5 years'). */
  @Column({ type: 'text' })
  segment!: string;

  @Column({ type: 'real' })
  expected_views7!: number;

  @Column({ type: 'real' })
  expected_enquiries7!: number;

  /** The market centre of comparable cars (whole dollars); null without comparables. */
  @Column({ type: 'int', nullable: true })
  market_average!: number | null;

  /** How many comparable cars the market figures come from (libs/domain isComparable). */
  @Column({ type: 'int', default: 0 })
  market_comparables!: number;

  /** Where most comparables are priced (10th to 90th percentile, to $100); null when too few. */
  @Column({ type: 'int', nullable: true })
  market_low!: number | null;

  @Column({ type: 'int', nullable: true })
  market_high!: number | null;

  /** below, at, above or unknown. */
  @Column({ type: 'text' })
  price_position!: string;

  @Column({ type: 'int', nullable: true })
  days_to_sell!: number | null;

  @Column({ type: 'int', nullable: true })
  days_to_sell_at_market!: number | null;
}
