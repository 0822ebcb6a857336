import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { pipeline } from 'node:stream';
import type { Request, Response } from 'express';
import { PHOTO_CROPS, PHOTO_QUALITIES, PhotoLookQuerySchema, type PhotoLook } from '@platform/domain';
import { notFound, ProblemException, ZodValidationPipe } from '@platform/server-kit';
import { PhotoServer } from './photo-server';

/** A photo's address and bytes never change meaning, so a browser or CDN keeps it for a year unasked. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A photo not stored yet may be stored in a minute: a miss is cached briefly. */
const MISSING = 'public, max-age=60';

/** Dealer photos stored by the platform (issue 38), served from its own origin. */
@ApiTags('Media')
@Controller('media/photos')
export class MediaController {
  constructor(private readonly photos: PhotoServer) {}

  @Get(':hash/:variant')
  @ApiProduces('image/avif', 'image/webp', 'image/jpeg')
  @ApiOperation({
    summary: 'A stored photo variant (w160 ... w2400, og) at a quality and crop, in the best format Accept allows',
    description:
      'Content-addressed: Cache-Control immutable for a year, a strong ETag (304 on If-None-Match naming it, or *, when the photo exists), Vary: Accept. A variant not made yet is made from the stored original. 400 naming q or crop for a value off their lists (or a crop of og); 404 for a hash with no stored photo or a variant it does not have.',
  })
  @ApiQuery({ name: 'q', required: false, enum: [...PHOTO_QUALITIES], description: 'Quality (default 75)' })
  @ApiQuery({ name: 'crop', required: false, enum: [...PHOTO_CROPS], description: 'Cut to this shape (default none)' })
  async photo(
    @Param('hash') hash: string,
    @Param('variant') variant: string,
    @Query(new ZodValidationPipe(PhotoLookQuerySchema, 'photo query')) look: PhotoLook,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    if (variant === 'og' && look.crop !== 'none')
      throw new ProblemException({
        status: 400,
        title: 'Invalid request',
        detail: 'The photo query is invalid: crop: og is the 1200x630 Open Graph crop already; ask it with crop none',
        errors: [{ path: 'crop', message: 'og is the 1200x630 Open Graph crop already; ask it with crop none' }],
      });
    const answer = await this.photos.answer({
      hash,
      variant,
      look,
      accept: request.headers.accept,
      ifNoneMatch: request.headers['if-none-match'],
      headOnly: request.method === 'HEAD',
    });
    // Every answer depends on Accept (the format), a miss included, so a cache keys it by Accept.
    response.setHeader('Vary', 'Accept');
    if (answer.kind === 'not-found') {
      response.setHeader('Cache-Control', MISSING);
      throw notFound(
        'Photo not found',
        answer.reason === 'address'
          ? 'A photo address is /media/photos/{sha256}/{variant}?q={quality}&crop={crop}, the variant one of w160, w320, w480, w640, w800, w960, w1200, w1600, w2400 or og.'
          : answer.reason === 'no-original'
            ? 'No photo is stored under this hash (yet): the page draws a placeholder until it is.'
            : 'This photo has no variant of that width: it is narrower. Use the widths its srcset lists.',
      );
    }
    response.setHeader('Cache-Control', IMMUTABLE);
    response.setHeader('ETag', answer.etag);
    if (answer.kind === 'not-modified') {
      response.status(304).end();
      return;
    }
    response.setHeader('Content-Type', answer.contentType);
    response.setHeader('Content-Length', String(answer.size));
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.status(200);
    const body = answer.body;
    if (body === null) {
      response.end();
      return;
    }
    if (Buffer.isBuffer(body)) {
      response.end(body);
      return;
    }
    // pipeline closes the store's stream (a file handle on local disk) however the response ends,
    // also when the client went away while the photo was being looked up: a 'close' listener added
    // after that never fires, and the handle was left to the garbage collector (Node warned).
    pipeline(body, response, () => undefined);
  }
}
