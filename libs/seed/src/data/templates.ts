import type { TemplateSeed } from './types';

/** Site templates: the configuration layer between the platform defaults and a site. */
export const DEMO_TEMPLATES: TemplateSeed[] = [
  {
    name: 'group',
    config: {
      search: { popular_makes_count: 20 },
      locations: { card_buttons: 'send_enquiry' },
      features: { compare_enabled: true },
      navigation: {
        header: [
          { label: 'Home', href: '/' },
          { label: 'Our Brands', href: '/brands' },
          { label: 'Offers', href: '/special-offers' },
          {
            label: 'Our Stock',
            href: '/search/new-used-and-demo-cars',
            children: [
              { label: 'New Cars', href: '/search/new-cars' },
              { label: 'Demo Cars', href: '/search/demo-cars' },
              { label: 'Used Cars', href: '/search/used-cars' },
            ],
          },
          { label: 'Finance', href: '/finance' },
          { label: 'Service', href: '/service' },
          {
            label: 'Company',
            href: '/about-us',
            children: [
              { label: 'About Us', href: '/about-us' },
              { label: 'Locations', href: '/dealer-locator' },
              { label: 'Careers', href: '/careers' },
              { label: 'Contact', href: '/contact' },
            ],
          },
        ],
      },
    },
  },
  {
    name: 'single-brand',
    config: {
      routes: { contact_style: 'single' },
      search: { popular_makes_count: 7 },
      locations: { card_buttons: 'contact_and_service' },
      features: { test_drive_enabled: true },
    },
  },
  {
    name: 'used-only',
    config: {
      search: {
        car_types: ['used'],
        visibility_filters: ['car_type:used'],
        positive_price_on_price_asc: true,
      },
      wording: { used_label: 'Pre-Owned' },
      features: { market_price_enabled: true },
      navigation: {
        header: [
          { label: 'Home', href: '/' },
          { label: 'Our Stock', href: '/search/used-cars' },
          { label: 'Finance', href: '/finance' },
          { label: 'Sell Your Car', href: '/sell-your-car' },
          { label: 'Service', href: '/service' },
          {
            label: 'Company',
            href: '/about-us',
            children: [
              { label: 'About Us', href: '/about-us' },
              { label: 'Locations', href: '/dealer-locator' },
              { label: 'Contact', href: '/contact' },
            ],
          },
        ],
        buyer_tools: [
          { label: 'Search Stock', href: '/search/used-cars' },
          { label: 'Finance', href: '/finance' },
          { label: 'Value My Car', href: '/trade-in' },
          { label: 'Sell My Car', href: '/sell-my-car' },
        ],
      },
    },
  },
];
