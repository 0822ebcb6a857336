import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { pipeline } from 'node:stream';
import type { Request, Response } from 'express';
import { notFound } from '@platform/server-kit';
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
    summary: 'A stored photo variant (w160 ... w2400, og) in the best format Accept allows',
    description:
      'Content-addressed: Cache-Control immutable for a year, a strong ETag (304 on If-None-Match naming it, or *, when the photo exists), Vary: Accept. A variant not made yet is made from the stored original. 404 for a hash with no stored photo or a variant it does not have.',
  })
  async photo(
    @Param('hash') hash: string,
    @Param('variant') variant: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const answer = await this.photos.answer({
      hash,
      variant,
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
          ? 'A photo address is /media/photos/{sha256}/{variant}, the variant one of w160, w320, w480, w640, w800, w960, w1200, w1600, w2400 or og.'
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
