/** Title of the enquiry modal of the 'Send Enquiry' button. Kept free of zod: a browser component reads it. */
export const contactModalTitle = (locationName: string): string => `Contact Us at ${locationName}`;
