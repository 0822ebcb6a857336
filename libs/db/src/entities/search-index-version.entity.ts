import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Index versions of a site in the PostgreSQL engine: exactly one is live (queries read it); a
 * building one receives writes alongside it during a reindex until it is swapped in.
 */
@Entity({ name: 'search_index_versions' })
@Index('uq_search_index_versions_live', ['site_id'], { unique: true, where: "state = 'live'" })
@Check('ck_search_index_versions_state', `state IN ('live', 'building')`)
export class SearchIndexVersionEntity {
  @PrimaryColumn({ type: 'int' })
  site_id!: number;

  @PrimaryColumn({ type: 'int' })
  version!: number;

  @Column({ type: 'text' })
  state!: 'live' | 'building';

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;
}
