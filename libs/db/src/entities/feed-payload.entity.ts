import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import type { FeedRunEntity } from './feed-run.entity';

/** The body of a feed push exactly as received, so ingest (and a retry) reads what the dealer sent. */
@Entity({ name: 'feed_payloads' })
export class FeedPayloadEntity {
  @PrimaryColumn({ type: 'uuid' })
  feed_run_id!: string;

  @OneToOne('FeedRunEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'feed_run_id' })
  feed_run?: FeedRunEntity;

  @Column({ type: 'bytea' })
  body!: Buffer;
}
