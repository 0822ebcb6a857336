import type { Metadata } from 'next';
import { personalPage } from '@/lib/edge/personal-page';
import { notFound } from 'next/navigation';
import { LocalPayButtons } from '@/components/checkout/local-pay-buttons';
import { getLocalPayment } from '@/lib/api/reservations';
import styles from '@/components/checkout/checkout.module.css';

export const metadata: Metadata = personalPage({ title: 'Test payment' });

/**
 * The built-in local payment provider's page (the default when no Stripe keys are set): approve or
 * decline a test payment, as a card network would. It never moves money and says so. Answers 404
 * where the install takes real payments.
 */
export default async function LocalPaymentPage({ params }: { params: Promise<{ site: string; id: string }> }) {
  const { site, id } = await params;
  const payment = await getLocalPayment(id);
  if (!payment || payment.site !== site) notFound();
  const amount = `$${(payment.amount_cents / 100).toLocaleString('en-AU', { minimumFractionDigits: 2 })}`;
  return (
    <section className={`container ${styles.status}`} aria-labelledby="pay-title">
      <h1 id="pay-title">Test payment</h1>
      <p>
        This is the platform&rsquo;s built-in test payment provider. No card is charged and no money moves: approve to
        see a successful payment, decline to see a card refused.
      </p>
      <dl className={styles.facts}>
        <dt>Amount</dt>
        <dd>{amount}</dd>
        <dt>For</dt>
        <dd>{payment.description}</dd>
        <dt>Status</dt>
        <dd>
          {payment.status === 'requires_payment'
            ? 'Awaiting payment'
            : payment.status === 'succeeded'
              ? 'Paid'
              : 'Cancelled'}
        </dd>
      </dl>
      {payment.status === 'succeeded' ? (
        <p>
          <a href={payment.return_path}>Continue</a>
        </p>
      ) : (
        <LocalPayButtons paymentId={payment.id} />
      )}
    </section>
  );
}
