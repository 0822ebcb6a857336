/** Where a developer's PostgreSQL is when DATABASE_URL is not set. */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/dealer_platform';

/**
 * The environment without variables that are set but empty, the dotenv convention for "unset":
 * `OPENSEARCH_URL=` in a `.env` file or a shell means "use the default", never an invalid value.
 * Every reader of the environment (api, worker, CLIs, test helpers) goes through this.
 */
export function presentEnv(source: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const present: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    if (value !== undefined && value.trim() !== '') present[name] = value;
  }
  return present;
}
