import { z } from 'zod';

/** PUT .../draft: the whole document and the published version it starts from. */
export const DraftBodySchema = z.strictObject({
  base_version: z.number({ error: 'base_version is the published version your draft starts from.' }).int().positive(),
  /** Checked field by field by the editor (LayerDocumentSchema and the merged configuration); here only its size. */
  document: z.unknown().refine((v) => JSON.stringify(v ?? null).length <= 512_000, {
    message: 'A layer document is at most 500 kB.',
  }),
});
export type DraftBody = z.infer<typeof DraftBodySchema>;

export const RollbackBodySchema = z.strictObject({
  version: z.number({ error: 'version is the earlier version to publish again.' }).int().positive(),
});
export type RollbackBody = z.infer<typeof RollbackBodySchema>;
