import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ReviewPush, ReviewsSummary } from '@platform/domain';
import { LocationEntity, LocationReviewEntity, type DealershipEntity } from '@platform/db';
import { notFound } from '@platform/server-kit';
import { SiteDirectory } from '../sites/site-directory';

const SOURCE = 'google';

export interface ReviewPushResult {
  location: string;
  average_rating: number | null;
  review_count: number;
  stored: number;
}

/** Google reviews of locations: replaced by the dealership's review source, read by the site. */
@Injectable()
export class ReviewsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sites: SiteDirectory,
  ) {}

  /**
   * Replaces a location's reviews and summary in one transaction, so the site shows either the old
   * set or the new one, never a mix or a summary that disagrees with its list.
   */
  async replace(dealership: DealershipEntity, locationSlug: string, push: ReviewPush): Promise<ReviewPushResult> {
    return this.db.transaction(async (manager) => {
      const location = await manager.findOne(LocationEntity, {
        where: { dealership_id: dealership.id, slug: locationSlug },
        lock: { mode: 'pessimistic_write' },
      });
      if (!location) {
        throw notFound(
          'Location not found',
          `Dealership '${dealership.slug}' has no location with the slug '${locationSlug}'. Check the URL: PUT /api/feeds/{dealershipSlug}/locations/{locationSlug}/reviews.`,
        );
      }
      await manager.delete(LocationReviewEntity, { location_id: location.id, source: SOURCE });
      if (push.reviews.length) {
        await manager.insert(
          LocationReviewEntity,
          push.reviews.map((review) => ({
            location_id: location.id,
            source: SOURCE,
            external_id: review.id,
            author_name: review.author_name,
            rating: review.rating,
            text: review.text,
            published_at: new Date(review.published_at),
            author_photo_url: review.author_photo_url,
          })),
        );
      }
      await manager.update(
        LocationEntity,
        { id: location.id },
        { average_rating: push.average_rating, review_count: push.review_count },
      );
      return {
        location: location.slug,
        average_rating: push.average_rating,
        review_count: push.review_count,
        stored: push.reviews.length,
      };
    });
  }

  /**
   * A visible location's summary and newest reviews, as many as its dealership's configuration
   * shows (reviews.google_reviews_shown, 12). 404 for a location of another site or a hidden one.
   */
  async forLocation(siteSlug: string, locationId: number): Promise<ReviewsSummary> {
    const site = await this.sites.bySlug(siteSlug);
    const [location] = (await this.db.query(
      `SELECT l.id, l.dealership_id, l.average_rating, l.review_count
       FROM locations l JOIN dealerships d ON d.id = l.dealership_id
       WHERE l.id = $1 AND d.site_id = $2 AND l.visible`,
      [locationId, site.id],
    )) as { id: number; dealership_id: number; average_rating: string | null; review_count: number }[];
    if (!location)
      throw notFound('Location not found', `Site '${siteSlug}' has no visible location with the id ${locationId}.`);
    const config = await this.sites.forDealership(location.dealership_id);
    const shown = config.reviews.google_reviews_shown;
    const rows = shown
      ? await this.db.getRepository(LocationReviewEntity).find({
          where: { location_id: location.id, source: SOURCE },
          order: { published_at: 'DESC', external_id: 'ASC' },
          take: shown,
        })
      : [];
    return {
      reviews: rows.map((row) => ({
        id: row.external_id,
        author_name: row.author_name,
        rating: row.rating,
        text: row.text,
        published_at: row.published_at.toISOString(),
        author_photo_url: row.author_photo_url,
      })),
      count: location.review_count,
      average_rating: location.average_rating === null ? null : Number(location.average_rating),
    };
  }
}
