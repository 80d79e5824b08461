import { Elysia } from "elysia";

export function healthRoutes(info: { service: string; version: string }) {
  return new Elysia().get("/healthz", () => ({ status: "ok", service: info.service, version: info.version }), {
    detail: { tags: ["Operations"], summary: "Liveness: 200 once the server accepts requests" },
  });
}
