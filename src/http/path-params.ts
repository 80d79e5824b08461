import { pathStartOf } from "./request-target.ts";

/**
 * A path parameter Elysia cannot percent-decode (`%FF`, `%ED%A0%80`: bytes that are not UTF-8; `%zz`)
 * reaches the handler as null although it is typed as a string, and `/badge/%FF.svg` answered 500 with an
 * error logged (issue 30, finding 11). Every route gets the segment as it was sent instead: no domain, key
 * number or check id looks like that, so each route answers as for any name it does not know (the neutral
 * badge, its 404 page or JSON). Called once for every matched route, from the app's transform hook.
 */
export function keepUndecodableParams(params: Record<string, string | null | undefined> | undefined, route: string, url: string): void {
  if (params === undefined || !Object.values(params).some((value) => value === null)) return;
  const start = pathStartOf(url);
  const end = url.slice(start).search(/[?#]/);
  const sent = (end < 0 ? url.slice(start) : url.slice(start, start + end)).split("/");
  route.split("/").forEach((part, index) => {
    const name = part.startsWith(":") ? part.slice(1) : null;
    if (name !== null && params[name] === null) params[name] = sent[index] ?? "";
  });
}
