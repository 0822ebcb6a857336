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
} from 'typeorm';
import type { LocationEntity } from './location.entity';

/**
 * A review of a location from its review source (Google). The location row keeps the source's own
 * summary (average and total count); these are the newest reviews it sent, replaced on each push.
 */
@Entity({ name: 'location_reviews' })
@Check('ck_location_reviews_rating', 'rating BETWEEN 1 AND 5')
@Unique('uq_location_reviews_source_id', ['location_id', 'source', 'external_id'])
@Index('ix_location_reviews_location_published', ['location_id', 'published_at'])
export class LocationReviewEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'int' })
  location_id!: number;

  @ManyToOne('LocationEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'location_id' })
  location?: LocationEntity;

  /** Where the review was written; only 'google' today. */
  @Column({ type: 'text', default: 'google' })
  source!: string;

  /** The source's id of the review, so a re-push recognises it. */
  @Column({ type: 'text' })
  external_id!: string;

  @Column({ type: 'text' })
  author_name!: string;

  @Column({ type: 'smallint' })
  rating!: number;

  /** Plain text; the web renders it as text, never as HTML. */
  @Column({ type: 'text', default: '' })
  text!: string;

  @Column({ type: 'timestamptz' })
  published_at!: Date;

  @Column({ type: 'text', nullable: true })
  author_photo_url!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  received_at!: Date;
}
