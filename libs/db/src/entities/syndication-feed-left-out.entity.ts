import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { DealershipEntity } from './dealership.entity';

/**
 * A car left out of one generation of a feed, with every reason found (issue 42). Written page by
 * page while the file is generated, so a generation holds no list in memory whatever the stock;
 * the console report groups the reasons and lists the cars from here. Rows of a replaced generation
 * go with its chunks.
 */
@Entity({ name: 'syndication_feed_left_out' })
export class SyndicationFeedLeftOutEntity {
  @PrimaryColumn({ type: 'int' })
  dealership_id!: number;

  @ManyToOne('DealershipEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'dealership_id' })
  dealership?: DealershipEntity;

  @PrimaryColumn({ type: 'text' })
  channel!: string;

  @PrimaryColumn({ type: 'int' })
  generation!: number;

  /** No foreign key: a generation records the car as it was, and a deleted car's row goes with the next generation. */
  @PrimaryColumn({ type: 'int' })
  car_id!: number;

  @Column({ type: 'text' })
  stocknum!: string;

  @Column({ type: 'text', nullable: true })
  vin!: string | null;

  /** LEFT_OUT_REASONS codes. */
  @Column({ type: 'text', array: true })
  reasons!: string[];
}
