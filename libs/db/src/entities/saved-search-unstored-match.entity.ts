import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { SavedSearchEntity } from './saved-search.entity';

/**
 * New matches of a saved search beyond the day's sending allowance, counted instead of stored as one
 * alert each (the alert matcher writes one row per search and batch). Insert-only and dated like the
 * alerts: the watchlist's new-match count adds the rows since the shopper's last view.
 */
@Entity({ name: 'saved_search_unstored_matches' })
@Check('ck_saved_search_unstored_matches_positive', `matches > 0`)
@Index('ix_saved_search_unstored_matches_search', ['saved_search_id', 'created_at'])
export class SavedSearchUnstoredMatchEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'uuid' })
  saved_search_id!: string;

  @ManyToOne('SavedSearchEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'saved_search_id' })
  saved_search?: SavedSearchEntity;

  @Column({ type: 'int' })
  matches!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;
}
