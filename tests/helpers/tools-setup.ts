/**
 * Vitest global setup: with CI=true the tests that need Chromium, Java or PostgreSQL must
 * run, so a missing one fails the run here, by name, before anything starts.
 */
import { required, TOOLS } from './tools.ts';

export default function setup() {
  if (!required(process.env)) return;
  const missing = TOOLS.filter((tool) => !tool.present(process.env));
  if (missing.length > 0) {
    throw new Error(
      `CI=true but ${missing.map((t) => `${t.name} is missing (${t.lookedFor}; ${t.install})`).join(', and ')}: .ci/run installs them`,
    );
  }
}
