import { Column, CreateDateColumn, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import type { PhotoEntity } from './photo.entity';

/**
 * Photos fetched from their dealer's host whose bytes the media store could not take (a full disk,
 * an I/O error, S3 failing or throttling: the platform's own failure, issue 50). The bytes wait
 * here, so a photo is fetched from the dealer once, and the media workers store them as soon as the
 * store takes writes again; the row goes in the statement that records the photo stored. At most
 * the photos in flight when the store failed wait here: while it is down the workers fetch nothing.
 */
@Entity({ name: 'photo_spool' })
export class PhotoSpoolEntity {
  @PrimaryColumn({ type: 'int' })
  photo_id!: number;

  @OneToOne('PhotoEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'photo_id' })
  photo?: PhotoEntity;

  /** The bytes as the host sent them (checked already). */
  @Column({ type: 'bytea' })
  bytes!: Buffer;

  /** The host's validators that came with them, recorded once they are stored. */
  @Column({ type: 'text', nullable: true })
  etag!: string | null;

  @Column({ type: 'text', nullable: true })
  last_modified!: string | null;

  /** One of its car's first photos: its eager variants are queued once it is stored. */
  @Column({ type: 'boolean', default: false })
  eager!: boolean;

  /** What the store answered last (ENOSPC, EIO, SlowDown, s3-503...). */
  @Column({ type: 'text' })
  failure!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  spooled_at!: Date;
}
