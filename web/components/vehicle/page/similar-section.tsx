import { Suspense } from 'react';
import { SimilarVehicles, SimilarVehiclesSkeleton } from '@/components/vehicle/similar-vehicles';
import type { VehicleContext } from './vehicle-data';

/** Similar cars, streamed in after the page so a slow search never holds the car's own details back. */
export function SimilarSection({ siteSlug, page, now }: VehicleContext & { now: Date }) {
  const { car } = page;
  return (
    <Suspense fallback={<SimilarVehiclesSkeleton />}>
      <SimilarVehicles siteSlug={siteSlug} carSlug={car.slug} make={car.make} model={car.model} now={now} />
    </Suspense>
  );
}
