import { Controller, Headers, Post, Query, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request } from 'express';
import type { DataSource } from 'typeorm';
import { EDITOR_ROLES } from '@platform/domain';
import { notFound, ProblemException } from '@platform/server-kit';
import type { DealerPrincipal } from '../dealer/dealer-accounts';
import { Dealer, DealerSignedInGuard } from '../dealer/dealer-session';
import { readBody } from '../feeds/read-body';
import { currentOpsActor, OpsActorInterceptor } from '../ops-access/ops-actor';
import { OpsAuthGuard } from '../ops/ops-auth.guard';
import { ProblemThrottlerGuard, THROTTLES, throttledOnly } from '../throttling/throttling.module';
import {
  checkDeclaredType,
  imageTooLarge,
  SITE_IMAGE_CONTENT_TYPES,
  SITE_IMAGE_LIMITS,
  SiteImages,
  type SiteImage,
} from './site-images';

const BODY = { schema: { type: 'string', format: 'binary' }, description: 'The image file’s bytes, as they are' };
const SUMMARY =
  'Upload an image for a banner, slide or offer: the raw bytes as image/jpeg, image/png or image/webp (the type is sniffed from the bytes)';
const ANSWER =
  '{ url, hash, width, height, type, bytes }: url (/media/photos/{hash}/{variant}) is what a banner, slide or offer names as its image';

/** Declared type, then the bytes (read only now, once the caller is known and allowed), then the pipeline. */
async function received(
  images: SiteImages,
  siteId: number,
  uploadedBy: string,
  contentType: string | undefined,
  request: Request,
): Promise<SiteImage> {
  checkDeclaredType(contentType);
  const body = await readBody(request, SITE_IMAGE_LIMITS.maxBytes, imageTooLarge);
  return images.upload(siteId, uploadedBy, body);
}

function documented(): MethodDecorator {
  return (target, key, descriptor) => {
    for (const decorate of [
      ApiConsumes(...SITE_IMAGE_CONTENT_TYPES),
      ApiBody(BODY),
      ApiResponse({ status: 201, description: ANSWER }),
      ApiResponse({
        status: 400,
        description:
          'Problem details naming `image`: an image cut short or damaged, over 40 megapixels or 10,000 px a side',
      }),
      ApiResponse({ status: 413, description: 'Over 10 MB, naming `image`' }),
      ApiResponse({
        status: 415,
        description:
          'Problem details naming `image` and what the bytes are instead: not a JPEG, PNG or WebP (an HTML page named .jpg, an SVG, which can carry script, a TIFF...), or another Content-Type',
      }),
      ApiResponse({ status: 429, description: 'SITE_IMAGE_UPLOAD_LIMIT_PER_MINUTE uploads a minute from one client' }),
    ])
      decorate(target, key, descriptor);
  };
}

/**
 * Site editor images for dealers (issue 52): an owner or sales user of any dealership of the site
 * uploads an image for the site's banners, slides and offers; the answer's url goes into the draft.
 */
@ApiTags('Dealer console')
@UseGuards(DealerSignedInGuard)
@Controller('api/dealer/site')
export class SiteImagesDealerController {
  constructor(private readonly images: SiteImages) {}

  @Post('images')
  @UseGuards(ProblemThrottlerGuard)
  @SkipThrottle(throttledOnly(THROTTLES.siteImageUpload))
  @ApiOperation({ summary: `${SUMMARY} (owner, sales)` })
  @documented()
  @ApiResponse({ status: 403, description: 'Your role may not edit the site (viewer)' })
  async upload(
    @Dealer() dealer: DealerPrincipal,
    @Headers('content-type') contentType: string | undefined,
    @Req() request: Request,
  ): Promise<SiteImage> {
    // As the editor's drafts: a role that saves drafts on any dealership of the site (the session's own).
    if (!dealer.memberships.some((m) => EDITOR_ROLES.draft.includes(m.role)))
      throw new ProblemException({
        status: 403,
        title: 'Not allowed for your role',
        detail: `Uploading images for the site needs ${EDITOR_ROLES.draft.map((r) => `'${r}'`).join(' or ')} on one of its dealerships. Ask an owner of the dealership.`,
      });
    return received(this.images, dealer.siteId, `dealer:${dealer.userId}`, contentType, request);
  }
}

/** Site editor images for platform operators: the same pipeline, for any live site (?site={slug}). */
@ApiTags('Ops')
@ApiBearerAuth('opsToken')
@UseGuards(OpsAuthGuard)
@UseInterceptors(OpsActorInterceptor)
@Controller('api/ops/site-editor')
export class SiteImagesOpsController {
  constructor(
    private readonly images: SiteImages,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  @Post('images')
  @UseGuards(ProblemThrottlerGuard)
  @SkipThrottle(throttledOnly(THROTTLES.siteImageUpload))
  @ApiOperation({ summary: SUMMARY })
  @ApiQuery({ name: 'site', required: true, description: 'The slug of the site the image is for' })
  @documented()
  @ApiResponse({ status: 404, description: 'No live site has that slug' })
  async upload(
    @Query('site') site: unknown,
    @Headers('content-type') contentType: string | undefined,
    @Req() request: Request,
  ): Promise<SiteImage> {
    if (typeof site !== 'string' || !/^[a-z0-9][a-z0-9-]{0,99}$/.test(site))
      throw new ProblemException({
        status: 400,
        title: 'Invalid request',
        detail: 'Name the site the image is for: ?site={slug}.',
        errors: [{ path: 'site', message: 'A site slug is required' }],
      });
    const [row] = (await this.db.query(`SELECT id FROM sites WHERE slug = $1 AND retired_at IS NULL`, [site])) as {
      id: number;
    }[];
    if (!row) throw notFound('No such site', `There is no live site '${site}' to upload an image for.`);
    return received(this.images, row.id, uploaderOf(currentOpsActor()), contentType, request);
  }
}

/** An operator by id alone ('operator:{id}'; the audit actor adds their address), or the ops token. */
const uploaderOf = (actor: string): string =>
  actor.startsWith('operator:') ? actor.split(':').slice(0, 2).join(':') : actor;
