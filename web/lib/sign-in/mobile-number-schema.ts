// Loaded lazily by mobile-check.ts; naming the export keeps the domain tree-shaken elsewhere.
export { MobileNumberSchema } from '@platform/domain';
