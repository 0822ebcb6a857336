import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A named template: the configuration layer between platform defaults and a site. */
@Entity({ name: 'site_templates' })
export class SiteTemplateEntity {
  @PrimaryColumn({ type: 'text' })
  name!: string;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  config!: Record<string, unknown>;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at!: Date;
}
