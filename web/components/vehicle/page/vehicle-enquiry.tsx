import { vehicleEnquiryDefaults } from '@platform/domain';
import { VehicleForms } from '@/components/vehicle/vehicle-forms';
import { testDriveSlotOptions, type VehicleContext } from './vehicle-data';

/** The enquiry, test-drive, photo and find-similar forms, with the bookable test-drive times (shared with the sidebar's read). */
export async function VehicleEnquiry({ siteSlug, page }: VehicleContext) {
  const { car, config, dealership, derived } = page;
  const slots = await testDriveSlotOptions(siteSlug, page);
  return (
    <VehicleForms
      siteSlug={siteSlug}
      car={{ id: car.id, title: car.name, carType: car.car_type, tag: car.tag ?? null, stockNumber: car.stocknum }}
      defaults={vehicleEnquiryDefaults({ ...car, dealership_slug: dealership.slug })}
      enquireLabel={config.buttons.enquire_label}
      similarLabel={config.buttons.similar_label}
      messageRequired={config.forms.message_required}
      captcha={config.forms}
      testDriveSlots={slots}
      soldDisplay={derived.sold_display}
    />
  );
}
