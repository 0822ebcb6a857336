import { Suspense } from 'react';
import {
  financeLimits,
  financePanelDefaults,
  showFinanceCalculator,
  showFinanceDisclaimer,
  showFuelCalculator,
} from '@platform/domain';
import { DeliveryCalculator } from '@/components/vehicle/delivery-calculator';
import { FinanceCalculator } from '@/components/vehicle/finance-calculator';
import { FinanceDisclaimer, FinanceDisclaimerLoading } from '@/components/vehicle/finance-disclaimer';
import { FuelCalculator } from '@/components/vehicle/fuel-calculator';
import { PriceGauge } from '@/components/vehicle/price-gauge';
import { FORM_ANCHORS } from '@/lib/vehicle/form-anchors';
import type { VehicleContext } from './vehicle-data';

/**
 * The tools under the specifications: finance calculator and disclaimer, delivery and fuel
 * calculators (each where the site and the car allow it) and the price gauge, which streams in.
 */
export function VehicleCalculators({ siteSlug, page }: VehicleContext) {
  const { car, derived, config, dealership } = page;
  const forSale = !derived.sold_display;
  const financeCar = { ...car, dealership_id: dealership.id };
  return (
    <>
      {forSale && showFinanceCalculator(financeCar, config.finance) && (
        <FinanceCalculator
          siteSlug={siteSlug}
          carId={car.id}
          limits={financeLimits(config.finance, car.price, 'panel')}
          defaults={financePanelDefaults(
            car.price,
            config.finance,
            derived.finance_teaser.eligible ? derived.finance_teaser : null,
          )}
          fees={config.finance.fees.map((fee) => ({ label: fee.label, amount: fee.amount, per: fee.per }))}
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
