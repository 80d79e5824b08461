import type { Config } from "../config.ts";
import { databaseLocationOf } from "../store/database-target.ts";

/**
 * The line a person reads when the server starts, beside the JSON log on stdout: which address to
 * open, and the two settings that bite first. The server binds HOST (0.0.0.0 by default, which is
 * not an address to open), and forms are accepted only from pages opened at PUBLIC_URL's origin, so
 * opening the site by 127.0.0.1 while PUBLIC_URL says localhost gets every sign-up refused.
 */
export function startupBanner(config: Pick<Config, "SERVICE" | "HOST" | "PORT" | "PUBLIC_URL" | "DATABASE_PATH" | "DATABASE_URL">, port: number): string {
  const open = addressToOpen(config, port);
  return (
    `sightline ${config.SERVICE} is ready: open ${open}\n` +
    `  listening on ${hostForDisplay(config.HOST)}:${port} (HOST, PORT); database ${databaseLocationOf(config)} (${config.DATABASE_URL ? "DATABASE_URL" : "DATABASE_PATH"})\n` +
    `  forms (sign-up, sign-in, keys) only work on pages opened at ${new URL(open).origin} (PUBLIC_URL)\n`
  );
}

/** PUBLIC_URL, with the real port when it is the default for PORT=0 (a port picked at start). */
export function addressToOpen(config: Pick<Config, "PORT" | "PUBLIC_URL">, port: number): string {
  if (config.PORT === 0 && config.PUBLIC_URL === "http://localhost:0") return `http://localhost:${port}`;
  return config.PUBLIC_URL;
}

function hostForDisplay(host: string): string {
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}
