import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { DealershipEntity } from './dealership.entity';

/**
 * One dealership's feed for one syndication channel (issue 42): the file's current generation and
 * what it holds, why cars were left out, who fetched it last, and the version its URL token is
 * derived from (the token itself is an HMAC under AUTH_SECRET and is never stored). The file's
 * bytes are in syndication_feed_chunks.
 */
@Entity({ name: 'syndication_feeds' })
@Check('ck_syndication_feeds_channel', `channel IN ('google', 'meta')`)
export class SyndicationFeedEntity {
  @PrimaryColumn({ type: 'int' })
  dealership_id!: number;

  @ManyToOne('DealershipEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'dealership_id' })
  dealership?: DealershipEntity;

  @PrimaryColumn({ type: 'text' })
  channel!: 'google' | 'meta';

  /** Bumped by a rotation: the URL of every earlier version answers 404. */
  @Column({ type: 'int', default: 1 })
  token_version!: number;

  /** The generation whose chunks make the file; 0 until the first is written. */
  @Column({ type: 'int', default: 0 })
  generation!: number;

  @Column({ type: 'timestamptz', nullable: true })
  generated_at!: Date | null;

  /**
   * The sweep's change marker: the newest cars.updated_at of the dealership the file was generated
   * from, or just before the oldest platform transaction then open if that is earlier (one could
   * still commit a change dated before the newest; see feed-writer). Compared in SQL, to the µs.
   */
  @Column({ type: 'timestamptz', nullable: true })
  source_changed_at!: Date | null;

  /** sha256 (hex) of the uncompressed file: the ETag. */
  @Column({ type: 'text', nullable: true })
  content_hash!: string | null;

  @Column({ type: 'int', default: 0 })
  byte_size!: number;

  @Column({ type: 'int', default: 0 })
  gzip_size!: number;

  @Column({ type: 'int', default: 0 })
  included!: number;

  /** Cars left out of the current generation (each with its reasons in syndication_feed_left_out). */
  @Column({ type: 'int', default: 0 })
  left_out_count!: number;

  @Column({ type: 'timestamptz', nullable: true })
  last_fetched_at!: Date | null;

  /** The fetcher's User-Agent (at most 300 characters): which crawler read the file. */
  @Column({ type: 'text', nullable: true })
  last_fetched_by!: string | null;
}
