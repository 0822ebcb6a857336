import { Body, Controller, Get, Header, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { MobileNumberSchema } from '@platform/domain';
import { ZodValidationPipe } from '@platform/server-kit';
import { SiteSlugPipe } from '../sites/site-slug.pipe';
import { ProblemThrottlerGuard, throttledOnly, THROTTLES } from '../throttling/throttling.module';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { CODE_DIGITS } from './sign-in-secrets';
import { SignInService } from './sign-in.service';

const CODE_MESSAGE = `Enter the ${CODE_DIGITS}-digit code from the SMS.`;

const CodeRequestSchema = z.strictObject({ phone: MobileNumberSchema });

const VerifySchema = z.strictObject({
  phone: MobileNumberSchema,
  // Spaces are forgiven: phones often show a code as '123 456'.
  code: z
    .string({ error: CODE_MESSAGE })
    .transform((code) => code.replace(/\s/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${CODE_DIGITS}}$`), CODE_MESSAGE)),
  /** Where to go after signing in; anything but a path on this site becomes '/'. */
  redirect: z.string({ error: 'redirect must be a path such as /cars/…' }).max(4096).optional(),
});

/** The OpenAPI description of verify, kept out of the decorator so the route reads at a glance. */
const VERIFY_DESCRIPTION = [
  'Sets the dp_session cookie (httpOnly, Secure, SameSite=Lax, Path=/, Max-Age SESSION_TTL_DAYS)',
  'and creates the shopper on first sign-in. redirect is kept only when it is a path on this site,',
  'else "/". Failures are problem details with a reason: wrong_code, expired, too_many_attempts, used,',
  'no_code.',
].join(' ');

/** Shopper sign-in with a one-time SMS code, and the session it opens on one site. */
@ApiTags('Sign-in')
@Controller('api/sites/:siteSlug')
export class SignInController {
  constructor(private readonly signIn: SignInService) {}

  @Post('sign-in/code')
  @HttpCode(202)
  @UseGuards(ProblemThrottlerGuard)
  @SkipThrottle(throttledOnly(THROTTLES.signInCode))
  @ApiOperation({
    summary: 'Text a one-time sign-in code to an Australian mobile',
    description:
      'The same answer whether or not the number has an account. A new code replaces earlier unused ones. At most 5 codes per number per hour (then 429), and SIGN_IN_CODE_LIMIT_PER_HOUR per client.',
  })
  @ApiBody({ schema: { type: 'object', required: ['phone'], example: { phone: '0412 345 678' } } })
  @ApiResponse({ status: 202, description: '{ status: "sent", expires_in_seconds }' })
  @ApiResponse({ status: 400, description: "phone: 'Please enter a valid Australian mobile number.'" })
  @ApiResponse({
    status: 429,
    description: 'Too many codes for this number this hour, or too many requests from this client',
  })
  @ApiResponse({ status: 502, description: 'The SMS gateway failed; try again' })
  requestCode(
    @Param('siteSlug', SiteSlugPipe) site: string,
    @Body(new ZodValidationPipe(CodeRequestSchema, 'sign-in request')) body: z.output<typeof CodeRequestSchema>,
  ) {
    return this.signIn.requestCode(site, body.phone);
  }

  @Post('sign-in/verify')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @UseGuards(ProblemThrottlerGuard)
  @SkipThrottle(throttledOnly(THROTTLES.signInVerify))
  @ApiOperation({
    summary: 'Check the code; sign in',
    description: VERIFY_DESCRIPTION,
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['phone', 'code'],
      example: { phone: '0412 345 678', code: '123456', redirect: '/cars/2022-toyota-hilux-abc' },
    },
  })
  @ApiResponse({ status: 200, description: '{ signed_in: true, redirect }' })
  @ApiResponse({ status: 400, description: 'Wrong, expired or used code, or no code requested' })
  @ApiResponse({ status: 429, description: 'Too many wrong codes: request a new one' })
  async verify(
    @Param('siteSlug', SiteSlugPipe) site: string,
    @Body(new ZodValidationPipe(VerifySchema, 'sign-in code')) body: z.output<typeof VerifySchema>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ signed_in: true; redirect: string }> {
    const { token, ttlMs, redirect } = await this.signIn.verify(site, body);
    setSessionCookie(res, token, ttlMs);
    return { signed_in: true, redirect };
  }

  @Post('sign-out')
  @HttpCode(204)
  @ApiOperation({ summary: 'Sign out: ends the session and clears the cookie' })
  @ApiResponse({ status: 204, description: 'Signed out (also when no one was signed in)' })
  async signOut(
    @Param('siteSlug', SiteSlugPipe) site: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    await this.signIn.signOut(site, req);
    clearSessionCookie(res);
  }

  @Get('me')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Who is signed in on this site',
    description: 'A session of another site reads as signed out here.',
  })
  @ApiResponse({ status: 200, description: '{ signed_in, phone } with phone in display form (0412 345 678), or null' })
  me(@Param('siteSlug', SiteSlugPipe) site: string, @Req() req: Request) {
    return this.signIn.me(site, req);
  }
}
