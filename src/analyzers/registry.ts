import type { Analyzer } from "./analyzer.ts";
import { schemaAnalyzer } from "./schema/index.ts";
import { visibilityAnalyzer } from "./visibility/index.ts";

type AnyAnalyzer = Analyzer<{ domain: string; status: "ok" | "failed"; scannedAt: string }>;

/** Each service contributes its analyzer here; the platform asks for the one SERVICE names. */
export function analyzerFor(service: "visibility" | "schema"): AnyAnalyzer {
  switch (service) {
    case "visibility":
      return visibilityAnalyzer as unknown as AnyAnalyzer;
    case "schema":
      return schemaAnalyzer as unknown as AnyAnalyzer;
  }
}
