import { Elysia } from "elysia";
import { maxPasteFormBytes } from "./request-body-limit.ts";
import type { Config } from "../config.ts";
import { resolveClientIp } from "../limits/client-ip.ts";
import { type CheckApiDeps, handleCheckApi } from "../scans/check-api.ts";
import { html } from "../web/html.ts";
import { waitText, withoutRetrySentence } from "../web/wait-text.ts";
import { htmlResponse } from "../web/html-response.ts";
import type { PageContext } from "../web/page-context.ts";
import { PASTE_PATH, renderPastePage } from "../web/schema/paste-page.ts";
import { clientAddressOf } from "./client-address.ts";
import { readText } from "./read-json-body.ts";
import { challengePageCsp } from "./security-headers.ts";

export interface PastePageRoutesDeps {
  api: CheckApiDeps;
  config: Pick<Config, "CHALLENGE" | "TURNSTILE_SITE_KEY" | "PUBLIC_URL">;
  trustProxy: number;
}

/**
 * GET /check (the paste form) and POST /check (the form posted: the same check as POST /api/check,
 * its answer shown on the page). The result is not stored, so there is nothing to redirect to.
 */
export function pastePageRoutes(deps: PastePageRoutesDeps) {
  const headers = { "content-security-policy": challengePageCsp(deps.config.CHALLENGE), "cache-control": "no-store" };
  const context = (): PageContext => ({
    publicUrl: deps.config.PUBLIC_URL,
    siteName: "sightline",
    challenge: { kind: deps.config.CHALLENGE, turnstileSiteKey: deps.config.TURNSTILE_SITE_KEY },
    now: deps.api.now(),
  });
  const maxFormBytes = maxPasteFormBytes(deps.api.maxBytes);
  const detail = { hide: true } as never;
  return new Elysia()
    .get(PASTE_PATH, () => htmlResponse(renderPastePage(context()), 200, headers), { detail })
    .post(
      PASTE_PATH,
      async ({ request }) => {
        const form = await readForm(request, maxFormBytes);
        if (form.kind !== "ok") {
          const error = form.kind === "too-large" ? `The pasted markup is too large: at most ${deps.api.maxBytes} bytes are checked.` : "The form could not be read: send it from this page.";
          return htmlResponse(renderPastePage(context(), { error }), form.kind === "too-large" ? 413 : 400, headers);
        }
        const markup = form.fields.get("markup") ?? "";
        const url = (form.fields.get("url") ?? "").trim();
        const answer = await handleCheckApi(deps.api, {
          authorization: null,
          body: { ok: true, value: { markup, ...(url ? { url } : {}), challengeToken: form.fields.get("challengeToken") ?? "" } },
          clientIp: resolveClientIp(clientAddressOf(request), request.headers.get("x-forwarded-for"), deps.trustProxy),
          // The page with the result is rendered in the check thread, from the result there: a large paste's
          // result, received as an object and rendered here, would hold the serving thread (see FromCheckThread).
          output: { as: "page", context: context(), url },
        });
        const state = { markup, url };
        switch (answer.status) {
          case 200:
            return htmlResponse(answer.body, 200, { ...headers, ...answer.headers });
          case 429:
            return htmlResponse(renderPastePage(context(), { ...state, error: checkAgainIn(answer.error, answer.retryAfterSeconds) }), 429, {
              ...headers,
              ...answer.headers,
            });
          case 403:
            return htmlResponse(
              renderPastePage(context(), { ...state, error: `${answer.error} The browser check did not finish or its answer was already used: press the button again.` }),
              403,
              headers,
            );
          default:
            return htmlResponse(renderPastePage(context(), { ...state, error: answer.error }), answer.status, headers);
        }
      },
      { parse: "none", detail },
    );
}

/** The limit the API states, then one countdown that site.js makes live (see wait-text.ts). */
function checkAgainIn(error: string, retryAfterSeconds: number) {
  return html`${withoutRetrySentence(error)} You can check again in <span class="countdown" data-countdown-seconds="${String(retryAfterSeconds)}">${waitText(retryAfterSeconds)}</span>.`;
}

type FormRead = { kind: "ok"; fields: URLSearchParams } | { kind: "too-large" } | { kind: "not-a-form" };

async function readForm(request: Request, maxBytes: number): Promise<FormRead> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return { kind: "not-a-form" };
  if (Number(request.headers.get("content-length") ?? "0") > maxBytes) return { kind: "too-large" };
  const text = await readText(request, maxBytes);
  return text === null ? { kind: "too-large" } : { kind: "ok", fields: new URLSearchParams(text) };
}
