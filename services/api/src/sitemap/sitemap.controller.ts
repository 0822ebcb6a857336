import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SiteSlugPipe } from '../sites/site-slug.pipe';
import { SiteDirectory } from '../sites/site-directory';
import { ListedCars, type ListedCar } from './listed-cars.service';

/** What the web's /sitemap.xml needs from the record: the site's listed car pages. */
@ApiTags('Sites')
@Controller('api/sites')
export class SitemapController {
  constructor(
    private readonly sites: SiteDirectory,
    private readonly listed: ListedCars,
  ) {}

  @Get(':siteSlug/sitemap')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({
    summary: "The site's listed car pages for its sitemap: { cars: [{ slug, lastmod }] }",
    description: 'In stock, coming soon, and sold cars inside their listing window, after the site visibility filters.',
  })
  async sitemap(@Param('siteSlug', SiteSlugPipe) slug: string): Promise<{ cars: ListedCar[] }> {
    return { cars: await this.listed.of(await this.sites.bySlug(slug)) };
  }
}
