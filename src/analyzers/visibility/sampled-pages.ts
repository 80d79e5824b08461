import type { Artifacts } from "./gather/artifacts.ts";
import type { VisibilityRecord } from "./record-schema.ts";

type SampledPage = NonNullable<VisibilityRecord["pages"]>[number];

/** The pages a scan read, for the record: the homepage as it answered, then each sampled page. */
export function sampledPages(artifacts: Artifacts): SampledPage[] {
  const homepage = artifacts.homepage;
  const first: SampledPage = homepage.ok
    ? { url: homepage.finalUrl, role: "homepage", source: "request", status: homepage.status }
    : { url: homepage.error.url, role: "homepage", source: "request", status: null, error: homepage.error.message };
  const samples = (artifacts.samplePages ?? []).map((page): SampledPage => {
    const source = page.source ?? "homepage";
    return page.ok
      ? { url: page.url, role: page.role, source, status: page.status }
      : { url: page.url, role: page.role, source, status: null, error: page.error.message };
  });
  return [first, ...samples];
}
