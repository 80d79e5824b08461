import type { ServiceName } from "../analyzers/analyzer.ts";
import { Elysia, t } from "elysia";
import {
  accountOf,
  accountSpend,
  addPrompt,
  createWatch,
  listWatches,
  promptSuggestions,
  removePrompt,
  removeWatch,
  requestRun,
  showRun,
  showWatch,
  watchResults,
  watchRuns,
  type AnswersApiDeps,
  type ApiAnswer,
} from "../answers/answers-api.ts";
import { PromptBody, WatchBody } from "../answers/watch-input.ts";
import { AlertsBody, sendTestAlert, setAlerts, showAlerts, type AlertsApiDeps } from "../answers/alerts/alerts-api.ts";
import { jsonResponse } from "./json-response.ts";

/**
 * /api/answers: an account's watched domains, their prompts, runs and results, and its spend (the
 * visibility service only). Every route takes the account's API key; the logic is in answers/answers-api.ts.
 */
const Id = t.Object({ id: t.Numeric({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
const WatchAndPrompt = t.Object({ id: t.Numeric({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), promptId: t.Numeric({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
const detail = (summary: string, description: string) => ({ tags: ["AI answers"], summary, description, security: [{ bearerAuth: [] }] });

function respond(answer: ApiAnswer): Response {
  if (answer.status === 204) return new Response(null, { status: 204 });
  return jsonResponse(answer.body, answer.status, { "cache-control": "no-store" });
}

export function answersRoutes(deps: AnswersApiDeps & { service: ServiceName; alerts: AlertsApiDeps }) {
  if (deps.service !== "visibility") return new Elysia();
  const asAccount = async (request: Request, action: (userId: number) => Promise<ApiAnswer>) => {
    const account = await accountOf(deps, request.headers.get("authorization"));
    return respond(account.ok ? await action(account.userId) : account.answer);
  };
  return new Elysia()
    .get("/api/answers/watches", ({ request }) => asAccount(request, (userId) => listWatches(deps, userId)), {
      detail: detail("List watched domains", "The account's watched domains, without their prompts."),
    })
    .post("/api/answers/watches", ({ request, body }) => asAccount(request, (userId) => createWatch(deps, userId, body)), {
      body: WatchBody,
      detail: detail("Watch a domain", "Starts watching a domain for what AI answer engines say about it: 201 with the watch; 409 when already watched."),
    })
    .get("/api/answers/watches/:id", ({ request, params }) => asAccount(request, (userId) => showWatch(deps, userId, params.id)), {
      params: Id,
      detail: detail("One watch with its prompts", "404 when the account has no such watch."),
    })
    .delete("/api/answers/watches/:id", ({ request, params }) => asAccount(request, (userId) => removeWatch(deps, userId, params.id)), {
      params: Id,
      detail: detail("Stop watching", "Deletes the watch with its prompts, runs and results: 204."),
    })
    .post("/api/answers/watches/:id/prompts", ({ request, params, body }) => asAccount(request, (userId) => addPrompt(deps, userId, params.id, body)), {
      params: Id,
      body: PromptBody,
      detail: detail("Add a prompt", "A question to ask the engines, with a short name unique within the watch and an optional group."),
    })
    .delete("/api/answers/watches/:id/prompts/:promptId", ({ request, params }) => asAccount(request, (userId) => removePrompt(deps, userId, params.id, params.promptId)), {
      params: WatchAndPrompt,
      detail: detail("Remove a prompt", "204; results already stored keep the prompt's text."),
    })
    .get("/api/answers/watches/:id/suggestions", ({ request, params }) => asAccount(request, (userId) => promptSuggestions(deps, userId, params.id)), {
      params: Id,
      detail: detail("Suggested prompts", "Prompts suggested from the site's latest scan: its name, what it offers and where it is."),
    })
    .post("/api/answers/watches/:id/runs", ({ request, params }) => asAccount(request, (userId) => requestRun(deps, userId, params.id)), {
      params: Id,
      detail: detail(
        "Run the watch's prompts",
        "Queues a run: every prompt asked of every engine `samples` times. Its estimated cost is checked against the account's monthly budget and the service's limit first: 402 with `figures` when it would pass one (nothing is asked). 202 with the run id.",
      ),
    })
    .get("/api/answers/watches/:id/runs", ({ request, params }) => asAccount(request, (userId) => watchRuns(deps, userId, params.id)), {
      params: Id,
      detail: detail("The watch's runs", "The latest 50 runs, newest first."),
    })
    .get("/api/answers/watches/:id/results", ({ request, params }) => asAccount(request, (userId) => watchResults(deps, userId, params.id)), {
      params: Id,
      detail: detail("Latest results", "The latest finished run's shares (cited, mentioned, with 95% intervals) per engine, prompt and group, share of voice, and every sample. 404 before any run has finished."),
    })
    .get("/api/answers/runs/:id", ({ request, params }) => asAccount(request, (userId) => showRun(deps, userId, params.id)), {
      params: Id,
      detail: detail("One run", "Its state and cost; its results once done."),
    })
    .get("/api/answers/watches/:id/alerts", ({ request, params }) => asAccount(request, (userId) => showAlerts(deps.alerts, userId, params.id)), {
      params: Id,
      detail: detail("Alert settings and deliveries", "Where the watch's alerts go (webhook URL, email, share threshold) and its latest 50 deliveries with their attempts. The webhook's secret is never shown here."),
    })
    .put("/api/answers/watches/:id/alerts", ({ request, params, body }) => asAccount(request, (userId) => setAlerts(deps.alerts, userId, params.id, body)), {
      params: Id,
      body: AlertsBody,
      detail: detail(
        "Set where alerts go",
        "A webhook (a public http(s) URL; private addresses are refused with 400) and/or email to the account's address. The first time a webhook is set, or with `rotateSecret`, the answer carries `webhookSecret` once: deliveries are signed with it (`X-Sightline-Signature: sha256=<HMAC-SHA256 of the body, hex>`).",
      ),
    })
    .post("/api/answers/watches/:id/alerts/test", ({ request, params }) => asAccount(request, (userId) => sendTestAlert(deps.alerts, userId, params.id)), {
      params: Id,
      detail: detail("Send a test alert", "Queues a test alert to each of the watch's channels: 202; 409 when the watch has none. It shows in the delivery log."),
    })
    .get("/api/answers/spend", ({ request }) => asAccount(request, (userId) => accountSpend(deps, userId)), {
      detail: detail("Spend", "The account's monthly budget and what it spent per month and engine (the last 12 months)."),
    });
}
