import { galleryModes, showThumbnails, videoSlide } from '@platform/domain';
import { Gallery } from '@/components/vehicle/gallery';
import type { CarPage } from '@/lib/api/cars';
import { spinViewerScriptUrl } from '@/lib/vehicle/spin-viewer-script';
import { galleryImages, interiorImage, spinFrames } from './vehicle-data';

// Read once when the server starts, like the proxy's CSP settings.
const SPIN_VIEWER_SCRIPT = spinViewerScriptUrl();

/**
 * The gallery with its modes (photos, video, 360 spin, interior) as the site and the car allow (spec 000 §7);
 * with the impel flag, a car's spin_code opens the external viewer in the 360 tab.
 */
export function VehicleMedia({ siteSlug, page }: { siteSlug: string; page: CarPage }) {
  const { car, config } = page;
  const scriptUrl = config.features.impel_enabled && car.spin_code ? SPIN_VIEWER_SCRIPT : null;
  const images = galleryImages(car);
  const frames = spinFrames(car);
  const interior = interiorImage(car);
  // The modes follow what can be drawn: frames or a panorama not stored yet offer no tab.
  const { modes, initial } = galleryModes(
    { spin_images: frames, spin_interior_image: interior, spin_code: car.spin_code },
    config.features.gallery_default_mode,
    scriptUrl !== null,
  );
  return (
    <Gallery
      name={car.name}
      images={images}
      showThumbnails={showThumbnails(car, images.length)}
      video={videoSlide(car.video_url ?? car.external_video_url)}
      modes={modes}
      initialMode={initial}
      spinImages={frames}
      hotspots={{ exterior: car.hotspots?.exterior ?? [], interior: car.hotspots?.interior ?? [] }}
      interiorImage={interior}
      externalSpin={scriptUrl && car.spin_code ? { scriptUrl, siteSlug, spinCode: car.spin_code } : null}
    />
  );
}
