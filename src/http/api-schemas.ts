import { Type as T } from "@sinclair/typebox";

/** Response bodies of the public API. The OpenAPI description is generated from these. */

export const ErrorBody = T.Object({ error: T.String({ description: "What went wrong, in plain words." }) }, { description: "An error." });

export const RateLimitedBody = T.Object(
  {
    error: T.String(),
    retryAfterSeconds: T.Integer({ minimum: 1, description: "Seconds to wait before retrying; also sent as the Retry-After header." }),
  },
  { description: "Rate limit exceeded." },
);

export const ScanAcceptedBody = T.Object(
  {
    domain: T.String({ description: "The normalised domain. Poll GET /api/report/{domain}.json every 1-2 seconds until it answers 200." }),
    url: T.Optional(
      T.String({
        description:
          "Only where records are kept per page (the schema service): the page the record will be kept under; poll " +
          "GET /api/report/{domain}.json?url={url}, since the domain's latest record may be another page's.",
      }),
    ),
  },
  { description: "The scan runs in the background." },
);

export const UnauthorizedBody = T.Object({
  error: T.Literal("Unauthorized"),
  hint: T.Optional(T.String({ description: "Why, when it is safe to say: the key was revoked, or belongs to the other sightline service." })),
});
export const VerificationFailedBody = T.Object({
  error: T.Literal("Verification failed. Please retry."),
  hint: T.Optional(T.String({ description: "What the caller lacks: an API key (Authorization: Bearer) or a solved challenge (challengeToken), and where a key comes from." })),
});
