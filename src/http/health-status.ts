/**
 * The body of GET /healthz. Its own file, free of the web framework, so that `serve` can answer it on
 * Bun's router as soon as it listens, before the app and its routes are built (see serve-command.ts).
 */
export interface HealthStatus {
  status: "ok";
  service: string;
  version: string;
}

export function healthStatus(info: { service: string; version: string }): HealthStatus {
  return { status: "ok", service: info.service, version: info.version };
}

/** /healthz as a route of Bun's native router: the same JSON the app's route sends. */
export function healthzFastRoute(info: { service: string; version: string }): Record<"/healthz", () => Response> {
  const body = JSON.stringify(healthStatus(info));
  return { "/healthz": () => new Response(body, { headers: { "content-type": "application/json;charset=utf-8" } }) };
}
