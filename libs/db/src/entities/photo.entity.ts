import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { DealershipEntity } from './dealership.entity';

export const PHOTO_STATUSES = ['pending', 'stored', 'refused', 'unreachable'] as const;
export type PhotoStatus = (typeof PHOTO_STATUSES)[number];

/**
 * A dealer photo address and what the platform holds for it (issue 38): one row per address per
 * dealership, with the validators its host sent (so the next fetch is conditional) and the content
 * hash of the bytes stored for it; several rows may share one hash, and the store keeps it once.
 * A photo refused for its bytes or that could not be fetched keeps the reason, for the feed run's
 * warnings and ops.
 */
@Entity({ name: 'photos' })
@Check('ck_photos_status', `status IN ('pending', 'stored', 'refused', 'unreachable')`)
@Check('ck_photos_content_hash', `content_hash IS NULL OR content_hash ~ '^[0-9a-f]{64}$'`)
@Index('uq_photos_dealership_address', ['dealership_id', 'source_url'], { unique: true })
@Index('ix_photos_content_hash', ['content_hash'])
@Index('ix_photos_settle_due', ['id'], { where: 'settle_due' })
export class PhotoEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  dealership_id!: number;

  @ManyToOne('DealershipEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'dealership_id' })
  dealership?: DealershipEntity;

  /** The address as the feed sent it. */
  @Column({ type: 'text' })
  source_url!: string;

  @Column({ type: 'text', default: 'pending' })
  status!: PhotoStatus;

  /** The host's validators of the stored copy, sent back as If-None-Match / If-Modified-Since. */
  @Column({ type: 'text', nullable: true })
  etag!: string | null;

  @Column({ type: 'text', nullable: true })
  last_modified!: string | null;

  /** sha256 of the original bytes: its key in the media store. */
  @Column({ type: 'text', nullable: true })
  content_hash!: string | null;

  /** The original's format as its bytes say (jpeg, png, webp, avif, gif). */
  @Column({ type: 'text', nullable: true })
  format!: string | null;

  /** Upright size (after the EXIF orientation), which every variant's size follows from. */
  @Column({ type: 'int', nullable: true })
  width!: number | null;

  @Column({ type: 'int', nullable: true })
  height!: number | null;

  @Column({ type: 'int', nullable: true })
  byte_size!: number | null;

  /** Variants generated so far (names such as w480, og), in every format each is made in. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  variants!: string[];

  /** Why the last fetch gave no photo: a refusal reason (html, too-many-pixels...) or a fetch failure. */
  @Column({ type: 'text', nullable: true })
  refusal_reason!: string | null;

  @Column({ type: 'text', nullable: true })
  refusal_message!: string | null;

  /**
   * What its cars draw changed (stored, new bytes, or a stored photo refused) and they have not
   * been settled yet (a car_changes row and a new updated_at): the media workers' settle does it
   * for every marked photo's cars at once, about once a second.
   */
  @Column({ type: 'boolean', default: false })
  settle_due!: boolean;

  /** When the address was last asked, whatever it answered. */
  @Column({ type: 'timestamptz', nullable: true })
  checked_at!: Date | null;

  /**
   * When a feed run last linked the address to a car: the lifecycle deletes a photo no kept car
   * links once this is older than MEDIA_RETENTION_DAYS.
   */
  @Column({ type: 'timestamptz', nullable: true })
  last_linked_at!: Date | null;

  /** When bytes last came back (not a 304). */
  @Column({ type: 'timestamptz', nullable: true })
  fetched_at!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at!: Date;
}
