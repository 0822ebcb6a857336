// /dealer-locator is another name for /locations (spec 000 screen 1): the same page.
export { default, metadata } from '../locations/page';
