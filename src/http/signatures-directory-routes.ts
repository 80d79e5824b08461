import { Elysia } from "elysia";
import { type ProbeSigning, SIGNATURES_DIRECTORY_PATH, SIGNATURES_DIRECTORY_TYPE, directoryResponseHeaders, keyDirectory } from "../net/web-bot-auth.ts";

/**
 * The key directory of the signed probes (draft-meunier-http-message-signatures-directory): the public key
 * only, its response signed. Without SIGNED_PROBES=on there is no key, and the path is not found like any other.
 */
export function signaturesDirectoryRoutes(signing: ProbeSigning | null) {
  const app = new Elysia();
  if (!signing) return app;
  return app.get(
    SIGNATURES_DIRECTORY_PATH,
    async ({ request }) =>
      new Response(keyDirectory(signing), {
        headers: { "content-type": SIGNATURES_DIRECTORY_TYPE, "cache-control": "max-age=3600", ...(await directoryResponseHeaders(signing, request.url)) },
      }),
    { detail: { tags: ["Operations"], summary: "Web Bot Auth key directory of the signed crawler probes (SIGNED_PROBES=on)" } },
  );
}
