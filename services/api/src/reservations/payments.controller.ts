import { Controller, Get, Header, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { LocalPaymentProvider, PaymentInbox, PaymentProviders, PaymentSignatureError } from '@platform/reservations';
import { notFound, ProblemException } from '@platform/server-kit';

/** Payment providers' side: Stripe's webhook, and the built-in local provider's pay page actions. */
@ApiTags('Payments')
@Controller('api/payments')
export class PaymentsController {
  constructor(
    private readonly providers: PaymentProviders,
    private readonly local: LocalPaymentProvider,
    private readonly inbox: PaymentInbox,
  ) {}

  @Post('stripe/webhook')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Stripe webhook (payment_intent.succeeded, payment_intent.payment_failed)',
    description:
      'The raw body is verified against STRIPE_WEBHOOK_SECRET with the SDK’s constructEvent. Each event id is applied once: a replay answers 200 and changes nothing.',
  })
  @ApiResponse({ status: 200, description: '{ received: true, outcome }' })
  @ApiResponse({ status: 400, description: 'The signature does not verify' })
  @ApiResponse({ status: 404, description: 'Stripe is not configured on this install' })
  async stripeWebhook(@Req() request: Request, @Headers('stripe-signature') signature: string | undefined) {
    if (!this.providers.has('stripe'))
      throw notFound('Stripe not configured', 'This install does not take Stripe payments.');
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    let event;
    try {
      event = this.providers.get('stripe').parseEvent(raw, signature);
    } catch (error) {
      if (error instanceof PaymentSignatureError) {
        throw new ProblemException({ status: 400, title: 'Invalid signature', detail: error.message });
      }
      throw error;
    }
    return { received: true, outcome: await this.inbox.apply(event) };
  }

  @Get('local/:id')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'A local test payment, for its pay page (only when Stripe is not configured)' })
  async localPayment(@Param('id') id: string) {
    this.localOnly();
    const payment = await this.local.find(id);
    if (!payment) throw notFound('Payment not found', 'No test payment has that id.');
    return payment;
  }

  @Post('local/:id/approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve a local test payment: the platform applies it as a provider’s success event' })
  approve(@Param('id') id: string) {
    return this.decide(id, 'approve');
  }

  @Post('local/:id/decline')
  @HttpCode(200)
  @ApiOperation({ summary: 'Decline a local test payment: the shopper sees the decline and may try again' })
  decline(@Param('id') id: string) {
    return this.decide(id, 'decline');
  }

  private async decide(id: string, decision: 'approve' | 'decline') {
    this.localOnly();
    const event = await this.local.decide(id, decision);
    if (!event) throw notFound('Payment not found', 'No test payment has that id.');
    const outcome = await this.inbox.apply(event);
    const payment = await this.local.find(id);
    return { outcome, return_path: payment?.return_path ?? '/' };
  }

  /** Test payments are taken only where the local provider takes new payments: never beside live Stripe keys. */
  private localOnly(): void {
    if (this.providers.current.provider !== 'local') {
      throw notFound('Not available', 'Test payments are not available on this install.');
    }
  }
}
