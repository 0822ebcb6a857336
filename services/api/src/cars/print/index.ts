export { renderCarPdf, PRINT_LIMITS } from './car-pdf';
export { createImageLoader, sniffImageKind, DEFAULT_FETCH_TIMEOUT_MS, DEFAULT_MAX_IMAGE_BYTES } from './image-loader';
export type { ImageKind, ImageLoader, ImageLoaderOptions, LoadedImage } from './image-loader';
export type { PrintableCar } from './printable-car';
