import type { SiteConfig } from '@platform/domain';
import type { FaqItem } from '@/components/faq/collapsible-faq';

/**
 * The value-my-car FAQ in its two variants (spec 001 screen 13 and §9): one quoting an online
 * estimate (none for cars over 7 years old or 100,000 km), one an instant estimate range (none over
 * 10 years or 100,000 km). Both: the estimated value is valid 7 days; the buying team's hours.
 */
const BUYING_TEAM_HOURS = 'Mon–Fri 8.30am–5.30pm, Sat 9am–5pm';

const common: FaqItem[] = [
  { question: 'How long is my estimated value valid?', answer: 'Your estimated value is valid for 7 days.' },
  { question: 'When can I talk to the buying team?', answer: `Our buying team is available ${BUYING_TEAM_HOURS}.` },
];

export function tradeInFaq(variant: SiteConfig['marketing']['trade_in_faq_variant']): FaqItem[] {
  if (variant === 'instant_range') {
    return [
      {
        question: 'How do I get an instant estimate range for my car?',
        answer:
          'Enter your details and your car’s rego or make, model, year and kilometres to receive an instant estimate range. Cars over 10 years old or with more than 100,000 km are valued by our buying team instead.',
      },
      ...common,
    ];
  }
  return [
    {
      question: 'How do I get an online estimate for my car?',
      answer:
        'Enter your details and your car’s rego or make, model, year and kilometres to receive an online estimate. We cannot give an online estimate for cars over 7 years old or with more than 100,000 km; our buying team will contact you instead.',
    },
    ...common,
  ];
}
