import type { Metadata } from 'next';
import { personalPage } from '@/lib/edge/personal-page';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { RESERVATION_MESSAGES } from '@platform/domain';
import { getOnlinePayment } from '@/lib/api/reservations';
import styles from '@/components/checkout/checkout.module.css';

export const metadata: Metadata = personalPage({ title: 'Your payment' });
export const dynamic = 'force-dynamic';

/** Where an online payment lands: paid (with its reference), declined (try again) or waiting. */
export default async function OnlinePaymentStatusPage({ params }: { params: Promise<{ site: string; id: string }> }) {
  const { site, id } = await params;
  const answer = await getOnlinePayment(site, id);
  if (!answer) notFound();
  const { online_payment: payment, payment: session } = answer;
  const amount = `$${payment.amount.toLocaleString('en-AU')}`;
  return (
    <section className={`container ${styles.status}`} aria-labelledby="payment-title">
      {payment.status === 'paid' ? (
        <>
          <h1 id="payment-title">Thank you for your payment</h1>
          <p>
            Your payment of {amount} against {payment.reference} is received. We have emailed you a receipt.
          </p>
          <dl className={styles.facts}>
            <dt>Payment reference</dt>
            <dd>{payment.payment_reference}</dd>
          </dl>
        </>
      ) : payment.status === 'pending_payment' ? (
        <>
          <h1 id="payment-title">{payment.payment_error ? 'Your payment was declined' : 'Waiting for your payment'}</h1>
          <p role={payment.payment_error ? 'alert' : undefined}>
            {payment.payment_error ? RESERVATION_MESSAGES.declined : `Your payment of ${amount} has not completed yet.`}
          </p>
          {session?.pay_url && (
            <p>
              <Link href={session.pay_url} className="button button-primary" prefetch={false}>
                {payment.payment_error ? 'Try again' : 'Continue to payment'}
              </Link>
            </p>
          )}
        </>
      ) : (
        <>
          <h1 id="payment-title">This payment was not completed</h1>
          <p>
            Nothing was charged. <Link href="/online-payment">Start a new payment</Link>.
          </p>
        </>
      )}
    </section>
  );
}
