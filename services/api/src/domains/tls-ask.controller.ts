import {
  Controller,
  Inject,
  Get,
  Header,
  Injectable,
  Query,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request } from 'express';
import { z } from 'zod';
import { SiteHostSchema } from '@platform/domain';
import { ENV, notFound, ProblemException, ZodValidationPipe } from '@platform/server-kit';
import type { ApiEnv } from '../env';
import { ProblemThrottlerGuard, throttledOnly, THROTTLES } from '../throttling/throttling.module';
import { SiteHostsService } from './site-hosts.service';

/** The connection's own address is loopback (127.0.0.0/8, ::1, or 127.x written as IPv4-mapped IPv6). */
export const isLoopbackAddress = (address: string | undefined): boolean =>
  address === '::1' || /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address ?? '');

/**
 * Only a caller on this machine (Caddy beside the api) may ask: the socket's own address decides,
 * never X-Forwarded-For, which any client writes and a trusted proxy passes on.
 */
@Injectable()
export class LoopbackOnlyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (isLoopbackAddress(request.socket.remoteAddress)) return true;
    throw new ProblemException({
      status: 403,
      title: 'Loopback only',
      detail: 'The TLS ask endpoint answers the proxy on this machine only.',
    });
  }
}

/** One count for every caller together: only loopback asks, and a flood of names is what the limit is for. */
@Injectable()
export class TlsAskThrottlerGuard extends ProblemThrottlerGuard {
  protected override async getTracker(): Promise<string> {
    return 'tls-ask';
  }
}

const AskQuerySchema = z.object({ domain: SiteHostSchema });

/**
 * Caddy's on-demand TLS asks here before it gets (or makes) a certificate for a name a client sent
 * in SNI (infra/caddy/Caddyfile): 200 lets it, anything else refuses, so an unverified or unknown
 * host gets no certificate and its TLS handshake fails. Fail closed: an error is a 5xx, which
 * Caddy takes as no.
 */
@ApiTags('Ops')
@Controller('api/tls')
export class TlsAskController {
  constructor(
    private readonly hosts: SiteHostsService,
    @Inject(ENV) private readonly env: ApiEnv,
  ) {}

  @Get('ask')
  @ApiOperation({
    summary:
      "Caddy's on-demand TLS question: 200 only for a verified or failing host of a site not retired, or OPS_HOST (loopback callers only)",
  })
  @Header('Cache-Control', 'no-store')
  @UseGuards(LoopbackOnlyGuard, TlsAskThrottlerGuard)
  @SkipThrottle(throttledOnly(THROTTLES.tlsAsk))
  async ask(
    @Query(new ZodValidationPipe(AskQuerySchema, 'query')) { domain }: { domain: string },
  ): Promise<{ domain: string; certificate: true }> {
    // The ops console's host is the platform's own, so it always may.
    if (domain !== this.env.OPS_HOST && !(await this.hosts.mayServeTls(domain)))
      throw notFound('No certificate', `'${domain}' is not a verified host of a live site.`);
    return { domain, certificate: true };
  }
}
