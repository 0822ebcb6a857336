import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { SiteEntity } from './site.entity';

/** A sister website listed in a site's brand directory or footer. */
@Entity({ name: 'dealership_websites' })
export class DealershipWebsiteEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index()
  @Column({ type: 'int' })
  site_id!: number;

  @ManyToOne('SiteEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'site_id' })
  site?: SiteEntity;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  slug!: string;

  @Column({ type: 'text', nullable: true })
  make!: string | null;

  @Column({ type: 'text' })
  url!: string;

  @Column({ type: 'text', nullable: true })
  logo_url!: string | null;

  @Column({ type: 'int', default: 0 })
  position!: number;
}
