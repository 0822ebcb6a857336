import { Suspense } from 'react';
import { financeLimits, showFinanceCalculator, showFinanceDisclaimer, showFuelCalculator } from '@platform/domain';
import { DeliveryCalculator } from '@/components/vehicle/delivery-calculator';
import { FinanceCalculator } from '@/components/vehicle/finance-calculator';
import { FinanceDisclaimer, FinanceDisclaimerLoading } from '@/components/vehicle/finance-disclaimer';
import { FuelCalculator } from '@/components/vehicle/fuel-calculator';
import { PriceGauge } from '@/components/vehicle/price-gauge';
import { FORM_ANCHORS } from '@/lib/vehicle/form-anchors';
import { vehicleFinanceOffer, type VehicleContext } from './vehicle-data';

/**
 * The tools under the specifications: finance calculator and disclaimer, delivery and fuel
 * calculators (each where the site and the car allow it) and the price gauge, which streams in.
 * The finance calculator opens on the sidebar estimate's loan and fees (vehicleFinanceOffer).
 */
export async function VehicleCalculators({ siteSlug, page }: VehicleContext) {
  const { car, derived, config, dealership } = page;
  const forSale = !derived.sold_display;
  const financeCar = { ...car, dealership_id: dealership.id };
  const offer =
    forSale && showFinanceCalculator(financeCar, config.finance) ? await vehicleFinanceOffer(siteSlug, page) : null;
  return (
    <>
      {offer && (
        <FinanceCalculator
          siteSlug={siteSlug}
          carId={car.id}
          limits={financeLimits(config.finance, car.price, 'panel')}
          defaults={offer.defaults}
          fees={offer.fees}
          quoteHref={`#${FORM_ANCHORS.enquiry}`}
          rounding={config.finance.repayment_rounding}
          comparisonRateRange={config.finance.comparison_rate_range}
        />
      )}
      {forSale && showFinanceDisclaimer(financeCar, config.finance) && (
        <Suspense fallback={<FinanceDisclaimerLoading />}>
          <FinanceDisclaimer siteSlug={siteSlug} carId={car.id} />
        </Suspense>
      )}
      {forSale && config.features.delivery_calculator_enabled && (
        <DeliveryCalculator siteSlug={siteSlug} carSlug={car.slug} carId={car.id} />
      )}
      {config.features.fuel_calculator_enabled && showFuelCalculator(car) && (
        <FuelCalculator siteSlug={siteSlug} carId={car.id} economy={car.variant?.fuelconsumptioncombined} />
      )}
      <Suspense fallback={null}>
        <PriceGauge carSlug={car.slug} />
      </Suspense>
    </>
  );
}
