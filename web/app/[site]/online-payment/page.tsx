import type { Metadata } from 'next';
import { personalPage } from '@/lib/edge/personal-page';
import { notFound } from 'next/navigation';
import { checkoutFields } from '@/components/checkout/contact-fields';
import { PaymentForm } from '@/components/checkout/payment-form';
import type { LeadField } from '@/components/forms/lead-fields';
import { getSite } from '@/lib/api';
import { getShopper } from '@/lib/api/shopper';
import styles from '@/components/checkout/checkout.module.css';

export const metadata: Metadata = personalPage({ title: 'Online Payment' });

/**
 * /online-payment (spec 001 routes; gated where the site says so): pay an invoice or a service
 * booking against the dealer's reference, through the same payment port as reservations.
 */
export default async function OnlinePaymentPage({ params }: { params: Promise<{ site: string }> }) {
  const { site } = await params;
  const [siteView, shopper] = await Promise.all([getSite(site), getShopper(site)]);
  const { config } = siteView;
  if (!config.reservations.online_payment_enabled) notFound();
  const max = config.reservations.online_payment_max;
  const fields: LeadField[] = [
    {
      name: 'reference',
      label: 'Invoice or booking reference',
      type: 'text',
      required: true,
      maxLength: 60,
      hint: 'As it appears on your invoice or booking confirmation.',
    },
    {
      name: 'amount',
      label: 'Amount',
      type: 'price',
      required: true,
      hint: `Whole dollars, up to $${max.toLocaleString('en-AU')}.`,
    },
    ...(siteView.dealerships.length > 1
      ? [
          {
            name: 'dealership_slug',
            label: 'Dealership',
            type: 'select' as const,
            required: true,
            placeholder: 'Select a dealership',
            options: siteView.dealerships.map((d) => ({ value: d.slug, label: d.name })),
          },
        ]
      : []),
    ...checkoutFields(shopper.signed_in ? shopper.phone : null),
  ];
  return (
    <section className={`container ${styles.status}`} aria-labelledby="online-payment-title">
      <h1 id="online-payment-title">Online Payment</h1>
      <p>Pay an invoice or a service booking online. You will receive a receipt by email.</p>
      <PaymentForm
        endpoint={`/api/sites/${encodeURIComponent(site)}/online-payments`}
        fields={fields}
        base={{}}
        submitLabel="Pay now"
        logos={config.navigation.payment_logos}
        signInType="online_payment"
        baseId="online-payment"
      />
    </section>
  );
}
