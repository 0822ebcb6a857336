import { ConfigChangeSchema, type EditorOutcome } from './editor-api';

/** What the dealer and ops consoles' api calls answer (ActionOutcome, OpsOutcome). */
type ApiOutcome =
  | { ok: true; body: unknown }
  | { ok: false; detail: string; errors?: { path: string; message: string }[]; problem?: Record<string, unknown> };

/** An editor action's api answer in the editor's words (the consoles' server actions share it). */
export function editorOutcome(outcome: ApiOutcome, done: (body: unknown) => EditorOutcome): EditorOutcome {
  if (outcome.ok) return done(outcome.body);
  const changes = ConfigChangeSchema.array().safeParse(outcome.problem?.['changes']);
  return {
    ok: false,
    message: outcome.detail,
    errors: outcome.errors ?? [],
    ...(changes.success ? { changes: changes.data } : {}),
  };
}

/** A layer name the consoles pass on: the api's own words, nothing else. */
export const LAYER_NAME = /^(site|(site|dealership|template|manufacturer):[a-z0-9][a-z0-9-]{0,99})$/;
