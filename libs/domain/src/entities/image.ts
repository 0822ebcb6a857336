import { z } from 'zod';

// Uploads without a picture come through as { url: null, thumb: { url: null } }.
export const ImageSchema = z.object({
  url: z.string().nullable(),
  thumb: z.object({ url: z.string().nullable() }).nullish(),
});
export type Image = z.infer<typeof ImageSchema>;

export const LogoSchema = z.object({
  url: z.string().nullable(),
});
export type Logo = z.infer<typeof LogoSchema>;
