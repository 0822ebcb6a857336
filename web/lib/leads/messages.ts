/** Shown when a form could not be sent for a reason the shopper cannot fix (spec 001 §3, its spelling). */
export const UNEXPECTED_ERROR = 'An unexpected error occured';
