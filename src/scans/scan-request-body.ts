import { Type as T, type Static } from "@sinclair/typebox";
import { createBodyValidator } from "../lib/validate-body.ts";

/** The body of POST /api/scan: validated strictly, documented in OpenAPI from the same schema. */
export const ScanRequestBody = T.Object(
  {
    url: T.String({ description: "Domain or URL to scan, e.g. \"example.com\". Path, query and fragment are ignored. At most 2048 characters." }),
    forceRescan: T.Optional(T.Boolean({ description: "Scan again even when a record younger than 24 hours exists.", default: false })),
    pages: T.Optional(
      T.Integer({
        minimum: 1,
        description:
          "Visibility service: how many pages of the site to sample and judge, the homepage first. Default and maximum depend on how you call: " +
          "10 and 10 without an API key, 25 and 100 with an API key or the pipeline token (the operator sets them: SCAN_PAGES_*). " +
          "A larger number than your maximum is refused with 400. A cached record scanned with fewer pages than asked for does not count as fresh. " +
          "A site-wide scan counts once against the rate limits, whatever its pages.",
      }),
    ),
    challengeToken: T.Optional(
      T.String({ description: "Browser path only: the token from the challenge widget. Omit when sending an Authorization header." }),
    ),
  },
  { additionalProperties: false, description: "Start a scan or fetch a cached result." },
);
export type ScanRequestBody = Static<typeof ScanRequestBody>;

export const validateScanRequestBody = createBodyValidator(ScanRequestBody, '{"url":"example.com"}');
