/**
 * The route pattern the app matched for a request (`/api/report/:domain`), recorded by a hook in the
 * app and read by the server when it counts the request. The pattern, not the path, labels the
 * metrics, so clients cannot grow the number of series by inventing URLs. Kept beside the request
 * rather than on it, as the client address is.
 */
const patterns = new WeakMap<Request, string>();

export function setMatchedRoute(request: Request, pattern: string): void {
  patterns.set(request, pattern);
}

/** Null when no route matched (a 404 for an unknown path, or a method a path does not take). */
export function matchedRouteOf(request: Request): string | null {
  return patterns.get(request) ?? null;
}
