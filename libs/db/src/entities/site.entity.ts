import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { SiteHostEntity } from './site-host.entity';
import type { SiteTemplateEntity } from './site-template.entity';

/**
 * A tenant: one website with its own host names, dealerships and configuration layer. Suspended,
 * it shows a maintenance page; retired (retired_at), it is gone for shoppers and purged later.
 */
@Entity({ name: 'sites' })
@Check('ck_sites_status', `status IN ('active', 'suspended')`)
export class SiteEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index({ unique: true })
  @Column({ type: 'text' })
  slug!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', nullable: true })
  template!: string | null;

  @ManyToOne('SiteTemplateEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'template', referencedColumnName: 'name' })
  template_entity?: SiteTemplateEntity;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  config!: Record<string, unknown>;

  @Column({ type: 'text', default: 'active' })
  status!: 'active' | 'suspended';

  @Column({ type: 'timestamptz', nullable: true })
  retired_at!: Date | null;

  @OneToMany('SiteHostEntity', (host: SiteHostEntity) => host.site)
  hosts!: SiteHostEntity[];

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at!: Date;
}
