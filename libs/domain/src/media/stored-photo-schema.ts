import { z } from 'zod';
import { isContentHash } from './photo-variants';

/**
 * A stored photo as the api sends it (see StoredPhoto). Apart from stored-photo.ts: a schema built at
 * a module's top level keeps zod in every browser bundle that draws a photo (the gallery, the search
 * cards), where nothing parses one.
 */
export const StoredPhotoSchema = z.object({
  hash: z.string().refine(isContentHash, 'a lowercase sha256'),
  width: z.number().int().min(1).max(100_000),
  height: z.number().int().min(1).max(100_000),
});
