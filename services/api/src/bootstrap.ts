import type { Server } from 'node:http';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { json, raw, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { DEMO_ASSETS_DIR } from '@platform/seed';
import { PlatformMetrics } from '@platform/server-kit';
import { AppModule } from './app.module';
import type { ApiEnv } from './env';
import { nulGuard } from './edge/nul-guard';
import { SITE_IMAGE_UPLOAD_PATHS } from './site-editor/site-images';
import { mountQueueDashboard } from './ops/queue-dashboard';

/** Shopper form posts are small; anything bigger is refused before it is read (LEAD_MAX_BYTES). */
const isShopperPost = (request: Request): boolean =>
  request.method === 'POST' &&
  (/^\/api\/sites\/[^/]+\/(leads|events|reservations|online-payments|miscellaneous)$/.test(request.path) ||
    request.path === '/api/miscellaneous');

function payloadTooLarge(request: Request, response: Response): void {
  response.status(413).type('application/problem+json').json({
    type: 'about:blank',
    title: 'Payload Too Large',
    status: 413,
    detail: 'The request body is too large for this endpoint. Send only the form fields.',
    instance: request.originalUrl,
  });
}

/** Body-parser failures (too large, malformed JSON) as problem details rather than express's HTML page. */
function bodyProblem(
  error: { status?: number; type?: string; message: string },
  request: Request,
  response: Response,
  next: NextFunction,
): void {
  if (error.type === 'entity.too.large') {
    payloadTooLarge(request, response);
  } else if (error.type === 'entity.parse.failed') {
    response
      .status(400)
      .type('application/problem+json')
      .json({
        type: 'about:blank',
        title: 'Invalid JSON',
        status: 400,
        detail: 'The request body is not valid JSON.',
        instance: request.originalUrl,
        // A body that parses but is no object or list (`false`, `3`) lands here too: name what to fix.
        errors: [{ path: 'body', message: 'Send a JSON object, such as {"field": "value"}.' }],
      });
  } else {
    next(error);
  }
}

/** Every body but a shopper's form post and a feed push: a search, an ops call, a webhook. */
const BODY_MAX_BYTES = 1024 * 1024;

/** Stripe signs the exact bytes it sends: its webhook keeps the raw body for constructEvent. */
const isPaymentWebhook = (request: Request): boolean =>
  request.method === 'POST' && request.path === '/api/payments/stripe/webhook';

/** Feed pushes are read raw by their controller (up to FEED_MAX_BYTES, JSON or CSV); skip the JSON parser. */
const isFeedPush = (request: Request): boolean => request.method === 'POST' && request.path.startsWith('/api/feeds/');

/**
 * Site editor image uploads are raw image bytes, read by their controller once the caller is signed
 * in and allowed (up to SITE_IMAGE_LIMITS.maxBytes): skip the JSON parser and its 1 MB limit.
 */
const isSiteImageUpload = (request: Request): boolean =>
  request.method === 'POST' && SITE_IMAGE_UPLOAD_PATHS.includes(request.path.replace(/\/+$/, ''));

/** Builds the API application (used by main.ts and by integration tests). */
export async function createApiApp(env: ApiEnv): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(env), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  // The api answers JSON, PDFs and images: nothing in it should run script or be framed. The docs
  // and the queue dashboard are HTML pages with their own inline scripts, so they keep helmet's
  // other headers without the strict policy.
  const apiHelmet = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  const pageHelmet = helmet({ contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'same-site' } });
  app.use((request: Request, response: Response, next: NextFunction) =>
    (request.path.startsWith('/api/docs') || request.path.startsWith('/ops/queues') ? pageHelmet : apiHelmet)(
      request,
      response,
      next,
    ),
  );
  app.set('trust proxy', env.TRUST_PROXY);
  // Every request's duration by route pattern (never the raw path, so labels stay bounded) and status.
  const metrics = app.get(PlatformMetrics);
  app.use((request: Request, response: Response, next: NextFunction) => {
    const end = metrics.httpDuration.startTimer({ method: request.method });
    response.on('finish', () => {
      const route = (request.route as { path?: string } | undefined)?.path;
      end({
        route: route ?? (request.path.startsWith('/media/') ? '/media' : 'unmatched'),
        status: String(response.statusCode),
      });
    });
    next();
  });
  const jsonBody = json({ limit: BODY_MAX_BYTES });
  const shopperBody = json({ limit: env.LEAD_MAX_BYTES });
  const webhookBody = raw({ type: () => true, limit: BODY_MAX_BYTES });
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (isFeedPush(request) || isSiteImageUpload(request)) return next();
    const [parse, limit] = isPaymentWebhook(request)
      ? [webhookBody, BODY_MAX_BYTES]
      : isShopperPost(request)
        ? [shopperBody, env.LEAD_MAX_BYTES]
        : [jsonBody, BODY_MAX_BYTES];
    // The parser answers an over-limit body only once it has read all of it (it drains the request
    // before calling back). A body announced too large is refused from its header, as feed pushes
    // are: the rest is discarded unread and the client is not made to upload it first.
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      request.resume();
      return payloadTooLarge(request, response);
    }
    parse(request, response, (error?: unknown) =>
      error ? bodyProblem(error as Parameters<typeof bodyProblem>[0], request, response, next) : next(),
    );
  });
  app.use(nulGuard);
  app.useStaticAssets(env.MEDIA_DIR ?? DEMO_ASSETS_DIR, {
    prefix: '/media',
    maxAge: '1d',
    fallthrough: true,
    index: false,
    // A folder is not a page: without this, `/media/photos//..` (the folder itself) answers a
    // 301 to a path with `..` in it instead of falling through to a 404.
    redirect: false,
  });
  mountQueueDashboard(app, env.OPS_TOKEN);
  const openApi = new DocumentBuilder()
    .setTitle('Dealer platform API')
    .setDescription(
      'Site API, feed push API and ops API. Errors are RFC 9457 problem details (application/problem+json).',
    )
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'A dealership feed key' }, 'feedKey')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'OPS_TOKEN' }, 'opsToken')
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi), {
    jsonDocumentUrl: 'api/docs/openapi.json',
  });
  keepConnectionsLongerThanClients(app.getHttpServer() as Server);
  return app;
}

/**
 * The web tier (Next's proxy and fetches) keeps connections to the api open between requests. With
 * Node's 5-second default the api could close one just as the web reused it: the web's request then
 * fails with a socket hang up, which a shopper sees as a 500 (an image or a page). Outlasting the
 * client's idle time (and a load balancer's usual 60 s) means the client always closes first.
 */
export function keepConnectionsLongerThanClients(server: Server): void {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}
