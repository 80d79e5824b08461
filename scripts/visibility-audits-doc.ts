/**
 * `bun run docs`: rewrites the generated sections of docs/visibility-audits.md (gates, pillar and audit
 * weights) from the scoring tables. `--check` only reports whether the file is up to date (exit 1 if not).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { withGeneratedSections } from "../src/analyzers/visibility/scoring/audit-catalogue-doc.ts";

const path = join(import.meta.dir, "..", "docs", "visibility-audits.md");
const current = readFileSync(path, "utf8");
const updated = withGeneratedSections(current);
if (process.argv.includes("--check")) {
  console.log(updated === current ? "docs/visibility-audits.md is up to date." : "docs/visibility-audits.md is stale: run `bun run docs`.");
  process.exit(updated === current ? 0 : 1);
}
writeFileSync(path, updated);
console.log(updated === current ? "docs/visibility-audits.md was already up to date." : "docs/visibility-audits.md updated.");
