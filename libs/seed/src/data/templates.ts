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
        // A group sells many brands: its brand directory replaces the one-brand models dropdown.
        header: {
          remove: ['Vehicles'],
          items: [
            { label: 'Our Brands', href: '/brands', after: 'Home' },
            {
              label: 'Our Stock',
              href: '/search/new-used-and-demo-cars',
              children: [
                { label: 'New Cars', href: '/search/new-cars' },
                { label: 'Demo Cars', href: '/search/demo-cars' },
                { label: 'Used Cars', href: '/search/used-cars' },
              ],
            },
          ],
        },
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
        // No new cars and no manufacturer offers: the menus point at used stock and buying cars in.
        header: {
          remove: ['Vehicles', 'Offers'],
          items: [
            { label: 'Our Stock', href: '/search/used-cars' },
            { label: 'Sell Your Car', href: '/sell-your-car', after: 'Finance' },
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
        },
        buyer_tools: {
          remove: ['Special Offers'],
          items: [
            { label: 'Search Stock', href: '/search/used-cars' },
            { label: 'Sell My Car', href: '/sell-my-car' },
          ],
        },
      },
    },
  },
];
