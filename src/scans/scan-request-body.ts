import { Type as T, type Static } from "@sinclair/typebox";
import { createBodyValidator } from "../lib/validate-body.ts";

/** The body of POST /api/scan: validated strictly, documented in OpenAPI from the same schema. */
export const ScanRequestBody = T.Object(
  {
    url: T.String({ description: "Domain or URL to scan, e.g. \"example.com\". Path, query and fragment are ignored. At most 2048 characters." }),
    forceRescan: T.Optional(T.Boolean({ description: "Scan again even when a record younger than 24 hours exists.", default: false })),
    challengeToken: T.Optional(
      T.String({ description: "Browser path only: the token from the challenge widget. Omit when sending an Authorization header." }),
    ),
  },
  { additionalProperties: false, description: "Start a scan or fetch a cached result." },
);
export type ScanRequestBody = Static<typeof ScanRequestBody>;

export const validateScanRequestBody = createBodyValidator(ScanRequestBody, '{"url":"example.com"}');
