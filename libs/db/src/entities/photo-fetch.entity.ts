import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { PhotoEntity } from './photo.entity';

/**
 * Outbox of photo checks owed (issue 38): written in the same transaction as the feed batch (or the
 * ops reprocess) that makes them due, and moved onto the BullMQ media queue by the media worker's
 * relay, which deletes a row only once its job is queued. Redis being away for a moment therefore
 * loses no photo; a row queued twice adds one job (its job id is the photo and its check key).
 */
@Entity({ name: 'photo_fetches' })
export class PhotoFetchEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'int' })
  photo_id!: number;

  @ManyToOne('PhotoEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'photo_id' })
  photo?: PhotoEntity;

  /** Make the eager variants (the photo is one of its car's first). */
  @Column({ type: 'boolean', default: false })
  eager!: boolean;

  /** Fetch the bytes whatever the validators say (ops reprocess). */
  @Column({ type: 'boolean', default: false })
  force!: boolean;

  /** The check's key (photoCheckKey), part of the job id. */
  @Column({ type: 'text' })
  job_key!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;
}
