import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { CarEntity, DealershipEntity, LocationEntity } from '@platform/db';
import { notFound } from '@platform/server-kit';

export interface SiteCar {
  car: CarEntity;
  dealership: DealershipEntity;
  location: LocationEntity | null;
}

const carNotFound = (slug: string) => notFound('Car not found', `No car has the slug '${slug}' on this site.`);

/**
 * Finds cars as a shopper may see them: never a withdrawn car or one hidden from the dealer
 * website. A sold car past its listing window is still found (its page answers, marked unlisted).
 */
@Injectable()
export class SiteCars {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A car of one site, by slug. */
  async bySlug(siteId: number, slug: string): Promise<SiteCar> {
    const found = await this.find(slug, siteId);
    if (!found) throw carNotFound(slug);
    return found;
  }

  /** A car by its globally unique slug, for endpoints addressed by car alone. */
  async byGlobalSlug(slug: string): Promise<SiteCar> {
    const found = await this.find(slug, null);
    if (!found) throw carNotFound(slug);
    return found;
  }

  /** A car of one site by id, or null: for forms that name the car they are about. */
  async byId(siteId: number, carId: number): Promise<SiteCar | null> {
    return this.find(null, siteId, carId);
  }

  private async find(slug: string | null, siteId: number | null, carId?: number): Promise<SiteCar | null> {
    const query = this.db
      .getRepository(CarEntity)
      .createQueryBuilder('car')
      .innerJoinAndMapOne('car.dealership', DealershipEntity, 'dealership', 'dealership.id = car.dealership_id')
      .leftJoinAndMapOne('car.location', LocationEntity, 'location', 'location.id = car.location_id')
      .leftJoinAndSelect('location.hours', 'hours')
      .leftJoinAndSelect('location.special_hours', 'special_hours')
      .where(carId === undefined ? 'car.slug = :slug' : 'car.id = :carId', { slug, carId })
      .andWhere('car.withdrawn_at IS NULL')
      .andWhere('car.show_on_dealer_website');
    if (siteId !== null) query.andWhere('dealership.site_id = :siteId', { siteId });
    const car = await query.getOne();
    if (!car?.dealership) return null;
    return { car, dealership: car.dealership, location: car.location ?? null };
  }
}
