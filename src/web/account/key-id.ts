/**
 * The key number in /account/keys/:id/revoke and /admin/keys/:id/revoke, or null when the path holds
 * anything else. Read by hand rather than by a route schema, so that a mangled address answers the
 * "No such key" page rather than the API's JSON 400.
 */
export function keyIdOf(segment: string): number | null {
  if (!/^[1-9][0-9]{0,15}$/.test(segment)) return null;
  const id = Number(segment);
  return Number.isSafeInteger(id) ? id : null;
}
