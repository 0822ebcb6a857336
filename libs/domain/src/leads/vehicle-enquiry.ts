import type { Car, CarType } from '../entities/car';
import { slugify } from '../stock/car-slug';
import type { VehicleEnquiryDefaults } from './fields';

type EnquiryCar = Pick<Car, 'id' | 'stocknum' | 'make' | 'model' | 'car_type' | 'status'> & {
  dealership_slug?: string | null;
};

/** The subcategory of a vehicle-page lead by the car's type. */
export const VEHICLE_SUBCATEGORY: Readonly<Record<CarType, string>> = {
  new: 'New Vehicle',
  demo: 'Demo Vehicle',
  used: 'Used Vehicle',
};

/**
 * The vehicle-page enquiry defaults (spec 001 §3): dealership_slug, manufacturer_slug, stock_number,
 * Vehicle Make, Vehicle Model, car_type, car_id, vehicle_status, opt_in (true), message, subcategory.
 * The manufacturer slug is the make's slug, as brand pages name it. The spec names subcategory
 * among the defaults without its value: a vehicle-page lead is filed under the car's type ('New
 * Vehicle', 'Demo Vehicle', 'Used Vehicle'), beside its form's category, so a dealer routes new and
 * used enquiries apart; a form that names its own subcategory keeps it.
 */
export function vehicleEnquiryDefaults(
  car: EnquiryCar,
  extra: { message?: string; subcategory?: string } = {},
): VehicleEnquiryDefaults {
  return {
    dealership_slug: car.dealership_slug ?? null,
    manufacturer_slug: car.make.trim() ? slugify(car.make) : null,
    stock_number: car.stocknum,
    'Vehicle Make': car.make,
    'Vehicle Model': car.model,
    car_type: car.car_type,
    car_id: car.id,
    vehicle_status: car.status,
    opt_in: true,
    ...(extra.message !== undefined ? { message: extra.message } : {}),
    subcategory: extra.subcategory ?? VEHICLE_SUBCATEGORY[car.car_type],
  };
}
