import type { SiteConfig } from '@platform/domain';
import {
  emailField,
  messageField,
  nameField,
  optInField,
  phoneField,
  termsField,
  type LeadField,
} from '@/components/forms/lead-fields';
import type { CaptchaConfig } from '@/components/forms/captcha';

/** What a location enquiry form needs from the site, built once on the server. */
export interface EnquiryFormSetup {
  siteSlug: string;
  fields: LeadField[];
  messageRequired: boolean;
  dealershipRequired: boolean;
  captcha: CaptchaConfig;
}

export function enquiryFormSetup(siteSlug: string, config: SiteConfig): EnquiryFormSetup {
  const messageRequired = config.forms.message_required;
  return {
    siteSlug,
    fields: [nameField, emailField, phoneField(false), messageField(messageRequired), termsField, optInField],
    messageRequired,
    dealershipRequired: false,
    captcha: { captcha_provider: config.forms.captcha_provider, captcha_site_key: config.forms.captcha_site_key },
  };
}
