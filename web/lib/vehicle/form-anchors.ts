/**
 * The vehicle page's modal forms open from links to these anchors (search cards link to #enquiry and
 * #test-drive too). Kept out of the client component so server components read the real values.
 */
export const FORM_ANCHORS = {
  enquiry: 'enquiry',
  requestPhotos: 'request-photos',
  testDrive: 'test-drive',
  findSimilar: 'find-similar',
} as const;
export type FormAnchor = (typeof FORM_ANCHORS)[keyof typeof FORM_ANCHORS];
