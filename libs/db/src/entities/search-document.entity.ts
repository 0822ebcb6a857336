import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { SearchHit } from '@platform/domain';

/**
 * The PostgreSQL search projection: one row per visible car per index version of a site. Facet and
 * range columns are named as the facets are, so the engine maps a facet to its column one to one.
 */
@Entity({ name: 'search_documents' })
@Index('ix_search_documents_rank', ['site_id', 'version', 'custom_rank', 'id'])
@Index('ix_search_documents_created', ['site_id', 'version', 'created_at'])
@Index('ix_search_documents_price', ['site_id', 'version', 'price'])
@Index('ix_search_documents_listed_until', ['listed_until'])
export class SearchDocumentEntity {
  @PrimaryColumn({ type: 'int' })
  site_id!: number;

  @PrimaryColumn({ type: 'int' })
  version!: number;

  /** The car id. */
  @PrimaryColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'int' })
  dealership_id!: number;

  @Column({ type: 'text' })
  dealership_slug!: string;

  @Column({ type: 'text' })
  stocknum!: string;

  @Column({ type: 'text' })
  search_text!: string;

  @Column({ type: 'int', nullable: true })
  price!: number | null;

  @Column({ type: 'int', nullable: true })
  km!: number | null;

  @Column({ type: 'int' })
  year!: number;

  @Column({ type: 'int', nullable: true })
  subscription_price!: number | null;

  @Column({ type: 'int', nullable: true })
  weekly_price!: number | null;

  @Column({ type: 'int' })
  custom_rank!: number;

  @Column({ type: 'timestamptz' })
  created_at!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  listed_until!: Date | null;

  @Column({ type: 'boolean' })
  show_on_dealer_website!: boolean;

  @Column({ type: 'bigint' })
  source_version!: string;

  @Column({ type: 'text', nullable: true }) badge!: string | null;
  @Column({ type: 'text', nullable: true }) body!: string | null;
  @Column({ type: 'text', nullable: true }) car_type!: string | null;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) categories!: string[];
  @Column({ type: 'text', nullable: true }) certified!: string | null;
  @Column({ type: 'text', nullable: true }) city!: string | null;
  @Column({ type: 'text', nullable: true }) colour!: string | null;
  @Column({ type: 'text', nullable: true }) dealership_name!: string | null;
  @Column({ type: 'text', nullable: true }) drive!: string | null;
  @Column({ type: 'text', array: true, default: () => "'{}'" }) filtered_features!: string[];
  @Column({ type: 'text', nullable: true }) fuel!: string | null;
  @Column({ type: 'text', nullable: true }) item_type!: string | null;
  @Column({ type: 'text', nullable: true }) location_name!: string | null;
  @Column({ type: 'text', nullable: true }) make!: string | null;
  @Column({ type: 'text', nullable: true }) make_model!: string | null;
  @Column({ type: 'text', nullable: true }) model!: string | null;
  @Column({ type: 'text', nullable: true }) price_range!: string | null;
  @Column({ type: 'text', nullable: true }) seats!: string | null;
  @Column({ type: 'text', nullable: true }) state!: string | null;
  @Column({ type: 'text', nullable: true }) status!: string | null;
  @Column({ type: 'text', nullable: true }) tag!: string | null;
  @Column({ type: 'text', nullable: true }) transmission!: string | null;
  @Column({ type: 'text', nullable: true }) weekly_price_range!: string | null;

  @Column({ type: 'jsonb' })
  hit!: SearchHit;
}
