export * from './data';
export { validateCatalogue, CatalogueError, type ResolvedCatalogueConfig } from './catalogue';
export {
  generateCars,
  stockPlansFromCatalogue,
  toCarDocument,
  DEMO_IMAGES_PER_BODY,
  SPIN_FRAMES,
} from './generate-cars';
export type { GenerateCarsOptions, SeedCar, StockPlan } from './generate-cars';
export { mulberry32, hashString, Rng } from './random';
export {
  DEMO_ASSETS_DIR,
  renderDemoAssets,
  writeDemoAssets,
  renderVehicleSvg,
  renderWordmarkSvg,
  renderBrandTileSvg,
} from './demo-assets';
export { seedDemoData, seedIfEmpty, reseed, seedDataset, buildDemoDataset, CAR_BATCH_SIZE } from './seed';
export type { DemoDataset, SeedCounts, SeedMode, SeedOptions, SeedResult } from './seed';
export { DEMO_PHOTO_SIZE, demoPhotoNames, renderDemoPhoto, writeDemoPhotos, photoEtag } from './demo-photos';
export { startPhotoHost, type PhotoHost } from './demo-photo-host';
