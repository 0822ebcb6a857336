import { Module } from '@nestjs/common';
import { SitesModule } from '../sites/sites.module';
import { ListedCars } from './listed-cars.service';
import { SitemapController } from './sitemap.controller';

@Module({ imports: [SitesModule], controllers: [SitemapController], providers: [ListedCars] })
export class SitemapModule {}
