import type { SiteConfigLayer } from '../site-config/site-config.schema';

/**
 * Marketing pictures without words: a banner, slide or offer image whose alternative text is
 * blank. The schema takes an empty string (an offer without an image has no picture to describe),
 * but a picture a screen reader cannot name fails the shoppers who use one, so the editor asks for
 * the words. Paths are from the layer's root.
 */
export function imageAltProblems(layer: SiteConfigLayer): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const marketing = layer.marketing ?? {};
  const need = (path: string, image: string | null | undefined, alt: string | undefined) => {
    if (image && !alt?.trim())
      problems.push({ path, message: 'Describe the picture for shoppers who cannot see it (alternative text).' });
  };
  marketing.banners?.forEach((b, i) => need(`marketing.banners[${i}].alt`, b.image, b.alt));
  marketing.promotions_slider?.forEach((s, i) => need(`marketing.promotions_slider[${i}].alt`, s.image, s.alt));
  marketing.offers?.forEach((o, i) => need(`marketing.offers[${i}].image_alt`, o.image, o.image_alt));
  return problems;
}
