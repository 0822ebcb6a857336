/**
 * The sign-in form checks the number with the API's own schema before a text is sent. The schema
 * brings zod (about 30 kB gzipped), so it is loaded when the shopper first focuses the form; when
 * it cannot load, the API's answer says the same thing a moment later.
 */
let schema: Promise<typeof import('@platform/domain').MobileNumberSchema | null> | null = null;

function loadSchema() {
  schema ??= import('./mobile-number-schema').then(
    (module) => module.MobileNumberSchema,
    () => {
      schema = null;
      return null;
    },
  );
  return schema;
}

/** Starts loading the schema (on focus), so the first check does not wait for it. */
export function prepareMobileCheck(): void {
  void loadSchema();
}

/** The schema's message for a number it refuses, or null when it is fine (or the schema could not load). */
export async function mobileNumberProblem(phone: string): Promise<string | null> {
  const mobile = await loadSchema();
  if (!mobile) return null;
  const parsed = mobile.safeParse(phone);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}
