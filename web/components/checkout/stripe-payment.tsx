'use client';

import { useEffect, useRef, useState } from 'react';
import type { PaymentAnswer } from '@/lib/api/reservations';
import styles from './checkout.module.css';

/** The parts of Stripe.js this page uses (loaded from js.stripe.com, as Stripe requires). */
interface StripeJs {
  elements(options: { clientSecret: string }): {
    create(type: 'payment'): { mount(element: HTMLElement): void };
  };
  confirmPayment(options: {
    elements: ReturnType<StripeJs['elements']>;
    confirmParams: { return_url: string };
  }): Promise<{ error?: { message?: string } }>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

const STRIPE_JS = 'https://js.stripe.com/v3/';

function loadStripe(): Promise<NonNullable<Window['Stripe']>> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS;
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not load')));
    script.onerror = () => reject(new Error('Stripe.js did not load'));
    document.head.appendChild(script);
  });
}

/**
 * Stripe's Payment Element (cards, Apple Pay, Google Pay as the account enables them), mounted with
 * the PaymentIntent's client secret. Stripe sends the shopper back to the confirmation page, which
 * reads the outcome from the platform (the webhook decides, never the browser). Needs
 * CSP_FRAME_HOSTS and CSP_CONNECT_HOSTS to allow Stripe's origins (docs/architecture.md, 'Reservations and payments').
 */
export function StripePayment({ payment, returnPath }: { payment: PaymentAnswer; returnPath: string }) {
  const mountPoint = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ js: StripeJs; elements: ReturnType<StripeJs['elements']> } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadStripe()
      .then((factory) => {
        if (cancelled || !mountPoint.current || !payment.publishable_key || !payment.client_secret) return;
        const js = factory(payment.publishable_key);
        const elements = js.elements({ clientSecret: payment.client_secret });
        elements.create('payment').mount(mountPoint.current);
        stripe.current = { js, elements };
      })
      .catch(() => setError('The payment form could not load. Please check your connection and try again.'));
    return () => {
      cancelled = true;
    };
  }, [payment]);

  async function pay() {
    if (!stripe.current) return;
    setPaying(true);
    const result = await stripe.current.js.confirmPayment({
      elements: stripe.current.elements,
      confirmParams: { return_url: new URL(returnPath, window.location.origin).toString() },
    });
    setPaying(false);
    if (result.error) setError(result.error.message ?? 'Your payment did not go through. Please try again.');
  }

  return (
    <div className={styles.stripe}>
      <div ref={mountPoint} />
      {error && (
        <p role="alert" className={styles.failed}>
          {error}
        </p>
      )}
      <button type="button" className="button button-primary" onClick={pay} disabled={paying}>
        Pay now
      </button>
    </div>
  );
}
