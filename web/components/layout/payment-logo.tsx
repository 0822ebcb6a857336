import type { SiteConfig } from '@platform/domain';

type PaymentMethod = SiteConfig['navigation']['payment_logos'][number];

/**
 * The accepted payment methods as small marks drawn in SVG (no network request, no licensed artwork
 * shipped), each named for screen readers by its method. 48x30, a card's proportions.
 */
const MARKS: Record<PaymentMethod, React.ReactNode> = {
  Mastercard: (
    <>
      <circle cx="19" cy="15" r="9" fill="#eb001b" />
      <circle cx="29" cy="15" r="9" fill="#f79e1b" fillOpacity="0.9" />
    </>
  ),
  Maestro: (
    <>
      <circle cx="19" cy="15" r="9" fill="#0099df" />
      <circle cx="29" cy="15" r="9" fill="#eb001b" fillOpacity="0.9" />
    </>
  ),
  Visa: (
    <text
      x="24"
      y="20"
      textAnchor="middle"
      fontFamily="Arial, sans-serif"
      fontWeight="700"
      fontStyle="italic"
      fontSize="13"
      fill="#1a1f71"
    >
      VISA
    </text>
  ),
  'Google Pay': (
    <text
      x="24"
      y="20"
      textAnchor="middle"
      fontFamily="Arial, sans-serif"
      fontWeight="600"
      fontSize="11"
      fill="#3c4043"
    >
      G Pay
    </text>
  ),
  'Apple Pay': (
    <text
      x="24"
      y="20"
      textAnchor="middle"
      fontFamily="-apple-system, Arial, sans-serif"
      fontWeight="600"
      fontSize="11"
      fill="#000000"
    >
      Apple Pay
    </text>
  ),
};

export function PaymentLogo({ method }: { method: PaymentMethod }) {
  return (
    <svg role="img" aria-label={method} viewBox="0 0 48 30" width="48" height="30">
      <rect x="0.5" y="0.5" width="47" height="29" rx="4" fill="#ffffff" stroke="#d9dde3" />
      {MARKS[method]}
    </svg>
  );
}
