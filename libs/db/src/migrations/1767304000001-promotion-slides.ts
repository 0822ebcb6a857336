import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Every configuration layer that may hold marketing.promotions_slider. */
const LAYERS = ['site_templates', 'sites', 'dealerships', 'manufacturers'] as const;

/**
 * Promotions-slider slides become the Slide entity of spec 001 §3 (id, name, description, url,
 * hide_overlay) with their image and display rules. A stored slide gets its position as id, its
 * alt text as name, its link as url, and hide_overlay true: it was configured as a picture alone,
 * so it keeps looking as it did until someone gives it words. Slides that already have an id are
 * left as they are, so running it twice changes nothing.
 */
export class PromotionSlides1767304000001 implements MigrationInterface {
  name = 'PromotionSlides1767304000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of LAYERS) {
      await queryRunner.query(
        `UPDATE "${table}" SET config = jsonb_set(config, '{marketing,promotions_slider}', (
           SELECT COALESCE(jsonb_agg(
             CASE WHEN slide ? 'id' THEN slide
             ELSE (slide - 'link')
               || jsonb_build_object(
                    'id', n,
                    'name', COALESCE(NULLIF(left(btrim(slide ->> 'alt'), 120), ''), 'Promotion ' || n),
                    'hide_overlay', true)
               || CASE WHEN slide ? 'link' THEN jsonb_build_object('url', slide -> 'link') ELSE '{}'::jsonb END
             END ORDER BY n), '[]'::jsonb)
           FROM jsonb_array_elements(config -> 'marketing' -> 'promotions_slider') WITH ORDINALITY AS s(slide, n)))
         WHERE jsonb_typeof(config -> 'marketing' -> 'promotions_slider') = 'array'`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of LAYERS) {
      await queryRunner.query(
        `UPDATE "${table}" SET config = jsonb_set(config, '{marketing,promotions_slider}', (
           SELECT COALESCE(jsonb_agg(
             (slide - 'id' - 'name' - 'description' - 'url' - 'hide_overlay')
               || CASE WHEN slide ? 'url' THEN jsonb_build_object('link', slide -> 'url') ELSE '{}'::jsonb END
             ORDER BY n), '[]'::jsonb)
           FROM jsonb_array_elements(config -> 'marketing' -> 'promotions_slider') WITH ORDINALITY AS s(slide, n)))
         WHERE jsonb_typeof(config -> 'marketing' -> 'promotions_slider') = 'array'`,
      );
    }
  }
}
