import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Logger,
  Post,
  Req,
  Res,
  UseGuards,
  UseInterceptors,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import type { Response } from 'express';
import { z } from 'zod';
import { isSingleLine, OPS_SESSION_COOKIE } from '@platform/domain';
import { ProblemException, rateLimitHeaders, ZodValidationPipe } from '@platform/server-kit';
import { DealerMailer } from '../dealer/dealer-mailer';
import { OpsAuthGuard, type OpsRequest } from '../ops/ops-auth.guard';
import { signInProblem } from '../sign-in/sign-in-problems';
import { ProblemThrottlerGuard, throttledOnly, THROTTLES } from '../throttling/throttling.module';
import { OpsActorInterceptor } from './ops-actor';
import { OPS_LINK_TTL_MINUTES, OPS_LINKS_PER_ADDRESS_PER_HOUR, OpsOperators, type OpsPrincipal } from './ops-operators';
import { clearSessionCookie, setSessionCookie } from '../sign-in/session-cookie';

const OperatorEmailSchema = z
  .string({ error: 'Enter the email address sign-in links are sent to.' })
  .trim()
  .toLowerCase()
  .max(254, 'An email address is at most 254 characters.')
  .pipe(z.email({ error: 'Enter an email address such as sam@platform.example.' }));

const LinkRequestSchema = z.strictObject({ email: OperatorEmailSchema });
const LinkSignInSchema = z.strictObject({
  token: z
    .string({ error: 'token is the sign-in link token.' })
    .regex(/^[A-Za-z0-9_-]{43}$/, 'This sign-in link is not valid. Ask for a new one.'),
});
const OperatorInputSchema = z.strictObject({
  email: OperatorEmailSchema,
  name: z
    .string({ error: "Enter the operator's name." })
    .trim()
    .min(1, "Enter the operator's name.")
    .max(120, 'A name is at most 120 characters.')
    .refine((name) => isSingleLine(name), 'A name is one line of plain text.'),
});

type Me = { operator: { id: string; email: string; name: string }; csrfToken: string };
const me = (operator: OpsPrincipal): Me => ({
  operator: { id: operator.id, email: operator.email, name: operator.name },
  csrfToken: operator.csrfToken,
});

const linkNotValid = (): ProblemException =>
  new ProblemException({
    status: 400,
    title: 'Sign-in link not valid',
    detail: 'This sign-in link has expired or has already been used. Ask for a new one.',
    errors: [{ path: 'token', message: 'This sign-in link has expired or has already been used.' }],
  });

const signedOut = (): ProblemException =>
  new ProblemException({
    status: 401,
    title: 'Sign in to the ops console',
    detail: 'Your session has ended or you are not signed in. Ask for a new sign-in link to continue.',
  });

/**
 * The ops console's sign-in (issue 51): an operator asks for a one-time link by email and spends it
 * on the ops host. The answer to a request is the same, and comes before any mail is sent, whether
 * or not the address is an operator's; the hourly limit counts every address alike.
 */
@ApiTags('Ops')
@Controller('api/ops-console')
export class OpsConsoleController implements BeforeApplicationShutdown {
  private readonly logger = new Logger(OpsConsoleController.name);
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly operators: OpsOperators,
    private readonly mailer: DealerMailer,
  ) {}

  @Post('sign-in/request')
  @HttpCode(202)
  @UseGuards(ProblemThrottlerGuard)
  @SkipThrottle(throttledOnly(THROTTLES.signInCode))
  @ApiOperation({
    summary: 'Email a one-time ops console sign-in link to an operator',
    description: `The same answer whether or not the address is an operator's. At most ${OPS_LINKS_PER_ADDRESS_PER_HOUR} per address per hour (then 429), and SIGN_IN_CODE_LIMIT_PER_HOUR per client.`,
  })
  @ApiResponse({ status: 202, description: '{ status: "sent", expires_in_minutes }' })
  @ApiResponse({ status: 400, description: 'email invalid: problem details name the field' })
  @ApiResponse({ status: 429, description: 'Too many links for this address this hour, or from this client' })
  async requestLink(
    @Body(new ZodValidationPipe(LinkRequestSchema, 'body')) body: z.output<typeof LinkRequestSchema>,
  ): Promise<{ status: 'sent'; expires_in_minutes: number }> {
    if (!(await this.operators.countRequest(body.email)))
      throw signInProblem(
        429,
        'Too many sign-in links',
        'Too many sign-in links have been requested for this email address. Please wait an hour and try again.',
        'hourly_limit',
        'email',
        rateLimitHeaders({
          policy: 'ops-sign-in-links-per-address',
          limit: OPS_LINKS_PER_ADDRESS_PER_HOUR,
          windowSeconds: 3600,
          retryAfterSeconds: 3600,
        }),
      );
    this.later(this.sendLink(body.email));
    return { status: 'sent', expires_in_minutes: OPS_LINK_TTL_MINUTES };
  }

  @Post('sign-in/link')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @UseGuards(ProblemThrottlerGuard)
  @SkipThrottle(throttledOnly(THROTTLES.signInVerify))
  @ApiOperation({ summary: 'Sign in with a one-time link: sets the ops console session cookie' })
  @ApiResponse({ status: 200, description: '{ operator: { id, email, name }, csrfToken }' })
  @ApiResponse({ status: 400, description: 'The link is unknown, used or expired' })
  async signIn(
    @Body(new ZodValidationPipe(LinkSignInSchema, 'body')) body: z.output<typeof LinkSignInSchema>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Me> {
    const session = await this.operators.signInWithLink(body.token);
    const operator = session ? await this.operators.principal(session) : null;
    if (!session || !operator) throw linkNotValid();
    setSessionCookie(response, session, this.operators.sessionTtlMs, OPS_SESSION_COOKIE);
    this.logger.log({ operatorId: operator.id }, 'operator signed in');
    return me(operator);
  }

  @Get('me')
  @Header('Cache-Control', 'private, no-store')
  @UseGuards(OpsAuthGuard)
  @ApiOperation({ summary: 'The signed-in operator and the CSRF token (401 for OPS_TOKEN: it is no one)' })
  @ApiResponse({ status: 401, description: 'Not signed in' })
  whoAmI(@Req() request: OpsRequest): Me {
    if (!request.operator) throw signedOut();
    return me(request.operator);
  }

  @Post('sign-out')
  @HttpCode(204)
  @UseGuards(OpsAuthGuard)
  @ApiOperation({ summary: 'End the ops console session (X-CSRF-Token required)' })
  async signOut(@Req() request: OpsRequest, @Res({ passthrough: true }) response: Response): Promise<void> {
    if (request.operator) await this.operators.signOut(request.operator.sessionId);
    clearSessionCookie(response, OPS_SESSION_COOKIE);
  }

  /** Settles once every link accepted so far has been mailed or given up on (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.idle();
  }

  private later(work: Promise<void>): void {
    const tracked = work
      .catch((error: unknown) =>
        this.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'ops sign-in link not sent'),
      )
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  private async sendLink(email: string): Promise<void> {
    const operator = await this.operators.byEmail(email);
    if (!operator) return;
    const link = await this.operators.mintSignInUrl(operator.id);
    await this.mailer.send({
      deliveryId: randomUUID(),
      leadId: null,
      to: [email],
      fromName: 'Dealer platform ops',
      subject: 'Your ops console sign-in link',
      text: [
        `Hello ${operator.name},`,
        '',
        `Open this link within ${OPS_LINK_TTL_MINUTES} minutes to sign in to the ops console:`,
        link.url,
        '',
        'It works once. If you did not ask to sign in, ignore this email.',
      ].join('\n'),
    });
  }
}

/** Operators, added by an operator or with OPS_TOKEN (the first one: `npm run ops -- operator add`). */
@ApiTags('Ops')
@ApiBearerAuth('opsToken')
@UseGuards(OpsAuthGuard)
@UseInterceptors(OpsActorInterceptor)
@Controller('api/ops/operators')
export class OpsOperatorsController {
  constructor(private readonly operators: OpsOperators) {}

  @Get()
  @ApiOperation({ summary: 'Every operator, with when they last signed in' })
  async list() {
    return { operators: await this.operators.list() };
  }

  @Post()
  @ApiOperation({
    summary: 'Add an operator (or find the one of that address) and mint their one-time sign-in link, shown once',
  })
  @ApiResponse({ status: 201, description: '{ operator: { id, email, name }, created, sign_in_url, expires_at }' })
  @ApiResponse({ status: 400, description: 'email or name invalid: problem details name the field' })
  async add(@Body(new ZodValidationPipe(OperatorInputSchema, 'operator')) body: z.output<typeof OperatorInputSchema>) {
    const { created, ...operator } = await this.operators.add(body.email, body.name);
    const link = await this.operators.mintSignInUrl(operator.id);
    return { operator, created, sign_in_url: link.url, expires_at: link.expiresAt };
  }
}
