export * from './fields';
export * from './lead-forms';
export * from './form-constants';
export * from './analytics';
export * from './vehicle-enquiry';
export * from './visit-trail';
export * from './lead-status';
export * from './csv-cell';
