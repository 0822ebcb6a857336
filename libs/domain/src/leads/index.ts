export * from './fields';
export * from './lead-forms';
export * from './analytics';
export * from './vehicle-enquiry';
