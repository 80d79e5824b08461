/**
 * The environment of a process that a script starts from our binary or our source (the benchmarks, the
 * soak, the smoke test, the bytecode-order recording of the build): only what a process needs to run,
 * from the caller's environment, and never its configuration. A developer's DATABASE_URL would point a
 * benchmark's server at a real database (it would migrate it and claim its jobs); SERVICE, PORT,
 * PUBLIC_URL or SCAN_CONNECT_TO would change what is measured; JSC and bytecode settings would change the
 * runs themselves. What a run needs it sets itself, in `settings`, which win over the inherited names
 * (a setting given as undefined leaves that name out).
 */

/** The names taken from the caller's environment: the search path, the home and temporary folders, the locale, the time zone. */
export const PASSED_THROUGH = ["PATH", "HOME", "TMPDIR", "LANG", "LC_ALL", "TZ"] as const;

export function childEnv(settings: Record<string, string | undefined> = {}, parent: Record<string, string | undefined> = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of PASSED_THROUGH) {
    const value = parent[name];
    if (value !== undefined) env[name] = value;
  }
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}
