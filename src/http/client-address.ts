/**
 * The socket's remote address, recorded by the server for each request before the app sees it.
 * Elysia's context only carries the server when it owns the listener; this keeps the app callable
 * with `app.handle(request)` in tests while still knowing who connected.
 */
const addresses = new WeakMap<Request, string>();

export function setClientAddress(request: Request, address: string): void {
  addresses.set(request, address);
}

export function clientAddressOf(request: Request): string | null {
  return addresses.get(request) ?? null;
}
