import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { SiteEntity } from './site.entity';

/** A host name that serves a site, stored lower-case without a port. */
@Entity({ name: 'site_hosts' })
export class SiteHostEntity {
  @PrimaryColumn({ type: 'text' })
  host!: string;

  @Column({ type: 'int' })
  site_id!: number;

  @Column({ type: 'boolean', default: false })
  primary!: boolean;

  @ManyToOne('SiteEntity', (site: SiteEntity) => site.hosts, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'site_id' })
  site!: SiteEntity;
}
