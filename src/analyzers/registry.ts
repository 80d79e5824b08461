import type { Analyzer, AnyRecord, ServiceName } from "./analyzer.ts";
import { failedRecord as schemaFailedRecord } from "./schema/failed-record.ts";
import { SchemaRecordSchema } from "./schema/record-schema.ts";
import { failedRecord as visibilityFailedRecord } from "./visibility/failed-record.ts";
import { VisibilityRecordSchema } from "./visibility/record-schema.ts";

type AnyAnalyzer = Analyzer<AnyRecord>;

/**
 * Each service contributes its analyzer here; the platform asks for the one SERVICE names. What the
 * platform needs before any scan (the record's schema for the API description, the failed record) comes
 * with the registry; the scan itself (gatherers, HTML parser, audits, scoring) is imported on the first
 * scan. So a server that has not scanned yet holds none of it (about 8 MiB), and a server never loads the
 * other service's analyzer. The import specifiers are literals so that the compiled binary bundles them.
 */
const SERVICES: Record<ServiceName, { recordSchema: AnyAnalyzer["recordSchema"]; failedRecord: AnyAnalyzer["failedRecord"]; load(): Promise<AnyAnalyzer> }> = {
  visibility: {
    recordSchema: VisibilityRecordSchema,
    failedRecord: visibilityFailedRecord,
    load: async () => (await import("./visibility/index.ts")).visibilityAnalyzer as unknown as AnyAnalyzer,
  },
  schema: {
    recordSchema: SchemaRecordSchema,
    failedRecord: schemaFailedRecord,
    load: async () => (await import("./schema/index.ts")).schemaAnalyzer as unknown as AnyAnalyzer,
  },
};

/**
 * The analyzer of `service`, its scan loaded on first use. `scoreOf` needs the loaded analyzer for a
 * record that did not fail; such a record only comes from a scan, which loaded it. Code that scores
 * records it did not scan (re-scoring) uses loadAnalyzer.
 */
export function analyzerFor(service: ServiceName): AnyAnalyzer {
  const parts = SERVICES[service];
  let loaded: AnyAnalyzer | undefined;
  let loading: Promise<AnyAnalyzer> | undefined;
  const load = () => (loading ??= parts.load().then((analyzer) => (loaded = analyzer)));
  return {
    service,
    recordSchema: parts.recordSchema,
    failedRecord: parts.failedRecord,
    async scan(context) {
      return (await load()).scan(context);
    },
    scoreOf(record) {
      if (loaded) return loaded.scoreOf(record);
      // A failed record has no result, so no score, in every service.
      if (record.status === "failed") return null;
      throw new Error(`the ${service} analyzer scores a record only once loaded (loadAnalyzer)`);
    },
  };
}

/** The analyzer of `service`, wholly loaded. */
export function loadAnalyzer(service: ServiceName): Promise<AnyAnalyzer> {
  return SERVICES[service].load();
}
