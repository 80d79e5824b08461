/** The URL with its password replaced, for messages and logs (a DATABASE_URL carries the password). */
export function redactedDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.href;
  } catch {
    return "postgres://(unparseable URL)";
  }
}
