import { Elysia } from "elysia";
import type { ChallengeVerifier } from "../auth/challenge.ts";
import { errorResponse, jsonResponse } from "./json-response.ts";

/** GET /api/challenge hands the ALTCHA widget a fresh, signed proof-of-work challenge. */
export function challengeRoutes(challenge: ChallengeVerifier) {
  return new Elysia().get(
    "/api/challenge",
    async () => {
      const issued = await challenge.issue();
      if (!issued) return errorResponse(404, "This server verifies browsers with Cloudflare Turnstile; there is no challenge to fetch.");
      return jsonResponse(issued, 200, { "cache-control": "no-store" });
    },
    {
      detail: {
        tags: ["Browser challenge"],
        summary: "A new ALTCHA challenge for the browser widget",
        description: "Used by the web form's widget. Its solution is sent as `challengeToken` and is accepted once.",
      },
    },
  );
}
