import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { DealershipEntity } from './dealership.entity';

/**
 * A piece of a generated feed file, gzip-compressed: one gzip stream split in order, so a file is
 * written and read in bounded pieces whatever its size. Rows of a replaced generation are deleted
 * in the transaction that makes the new one current.
 */
@Entity({ name: 'syndication_feed_chunks' })
export class SyndicationFeedChunkEntity {
  @PrimaryColumn({ type: 'int' })
  dealership_id!: number;

  @ManyToOne('DealershipEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'dealership_id' })
  dealership?: DealershipEntity;

  @PrimaryColumn({ type: 'text' })
  channel!: string;

  @PrimaryColumn({ type: 'int' })
  generation!: number;

  @PrimaryColumn({ type: 'int' })
  seq!: number;

  @Column({ type: 'bytea' })
  bytes!: Buffer;
}
