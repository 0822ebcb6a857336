import { leadFormSchema } from './lead-forms';
import { VehicleEnquiryDefaultsSchema } from './fields';
import { vehicleEnquiryDefaults } from './vehicle-enquiry';

const car = {
  id: 42,
  stocknum: 'HMB10042',
  make: 'Great Wall',
  model: 'Cannon',
  car_type: 'used' as const,
  status: 'in_stock' as const,
  dealership_slug: 'harbour-gwm',
};

describe('vehicleEnquiryDefaults (spec 001 §3 vehicle-page enquiry defaults)', () => {
  it('carries every default field', () => {
    expect(vehicleEnquiryDefaults(car, { message: 'Is it available?', subcategory: 'Vehicle Enquiry' })).toEqual({
      dealership_slug: 'harbour-gwm',
      manufacturer_slug: 'great-wall',
      stock_number: 'HMB10042',
      'Vehicle Make': 'Great Wall',
      'Vehicle Model': 'Cannon',
      car_type: 'used',
      car_id: 42,
      vehicle_status: 'in_stock',
      opt_in: true,
      message: 'Is it available?',
      subcategory: 'Vehicle Enquiry',
    });
  });

  it('files every vehicle-page lead under the car type as its subcategory unless the form names one', () => {
    expect(vehicleEnquiryDefaults(car).subcategory).toBe('Used Vehicle');
    expect(vehicleEnquiryDefaults({ ...car, car_type: 'new' }).subcategory).toBe('New Vehicle');
    expect(vehicleEnquiryDefaults({ ...car, car_type: 'demo' }).subcategory).toBe('Demo Vehicle');
    expect(vehicleEnquiryDefaults(car, { subcategory: 'Trade-in' }).subcategory).toBe('Trade-in');
  });

  it('passes the shared schemas', () => {
    const defaults = vehicleEnquiryDefaults(car);
    expect(VehicleEnquiryDefaultsSchema.safeParse(defaults).success).toBe(true);
    const submission = {
      ...defaults,
      form: 'vehicle',
      name: 'Jane',
      email: 'jane@example.com',
      message: 'Hi',
      terms_conditions: true,
    };
    expect(leadFormSchema('vehicle').safeParse(submission).success).toBe(true);
  });
});
