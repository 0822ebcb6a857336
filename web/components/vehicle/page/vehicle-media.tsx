import { galleryModes, showThumbnails, videoSlide } from '@platform/domain';
import { Gallery } from '@/components/vehicle/gallery';
import type { CarPage } from '@/lib/api/cars';
import { spinViewerScriptUrl } from '@/lib/vehicle/spin-viewer-script';
import { galleryImages } from './vehicle-data';

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
  const { modes, initial } = galleryModes(car, config.features.gallery_default_mode, scriptUrl !== null);
  return (
    <Gallery
      name={car.name}
      images={images}
      showThumbnails={showThumbnails(car, images.length)}
      video={videoSlide(car.video_url ?? car.external_video_url)}
      modes={modes}
      initialMode={initial}
      spinImages={car.spin_images ?? []}
      hotspots={{ exterior: car.hotspots?.exterior ?? [], interior: car.hotspots?.interior ?? [] }}
      interiorImage={car.spin_interior_image ?? null}
      externalSpin={scriptUrl && car.spin_code ? { scriptUrl, siteSlug, spinCode: car.spin_code } : null}
    />
  );
}
