/** A lead the api accepted without a lead_id and without a message of its own (spec 001 §3 and §8, its spelling). */
export const UNEXPECTED_ERROR = 'An unexpected error occured';

/** A submission that failed on the way (network, server or a page script that would not load): spec 001 §8. */
export const SUBMISSION_FAILED = 'An error occurred when submitting this form';
