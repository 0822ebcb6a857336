import type { SiteConfig } from '@platform/domain';

export type CaptchaConfig = Pick<SiteConfig['forms'], 'captcha_provider' | 'captcha_site_key'>;

/**
 * The captcha of every form (spec 001 §7). With provider 'none' (development) nothing is drawn; a
 * configured provider gets its widget container, which its script fills with a captcha_token input.
 */
export function Captcha({ config }: { config: CaptchaConfig }) {
  if (config.captcha_provider === 'none' || !config.captcha_site_key) return null;
  const className = config.captcha_provider === 'recaptcha' ? 'g-recaptcha' : 'cf-turnstile';
  return <div className={className} data-sitekey={config.captcha_site_key} data-response-field-name="captcha_token" />;
}
