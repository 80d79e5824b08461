import { Elysia } from "elysia";
import { healthStatus } from "./health-status.ts";

export function healthRoutes(info: { service: string; version: string }) {
  return new Elysia().get("/healthz", () => healthStatus(info), {
    detail: { tags: ["Operations"], summary: "Liveness: 200 once the server accepts requests" },
  });
}
