import type { ServiceName } from "./analyzers/analyzer.ts";
import { Type as T, type Static, type TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { availableParallelism } from "node:os";
import { vocabularyFileProblem } from "./analyzers/schema/vocabulary/vocabulary-file.ts";
import { parseConnectTo } from "./net/connect-to.ts";
import { USER_SETTING_PATTERN } from "./sandbox/user-setting-pattern.ts";
import { MAX_PAGE_BUDGET } from "./scans/page-budget-ceiling.ts";

/**
 * Configuration comes only from environment variables. Each is declared once here with its type,
 * default and accepted form; `loadConfig` validates them all and reports the first bad one in one
 * line, so a typo stops the process at start instead of surfacing as odd behaviour later.
 */


const Port = T.Integer({ minimum: 0, maximum: 65535 });
const NonNegative = T.Integer({ minimum: 0 });
const HttpUrl = T.String({ pattern: "^https?://[^\\s]+$" });
// The pattern lets through strings the URL parser refuses, such as "http://[": such a value would pass here
// and then throw on every request that builds a URL from it (CSRF origin check, MCP Origin check).
const parsesAsUrl = (value: string) => (URL.canParse(value) ? null : "the URL parser refuses it");
/** Timers wait at most 2^31 - 1 ms (about 24.8 days); a longer delay fires at once, so every fetch would time out at once. */
const MAX_TIMEOUT_MS = 86_400_000;
const OnOff = T.Union([T.Literal("on"), T.Literal("off")]);
/** A scan's page budget can never exceed what one record keeps verdicts for (scans/page-budget.ts). */
const PageBudget = T.Integer({ minimum: 1, maximum: MAX_PAGE_BUDGET });
const PAGE_BUDGET_FORM = `a number of pages, from 1 to ${MAX_PAGE_BUDGET}`;

const ModelName = T.String({ pattern: "^[A-Za-z0-9][A-Za-z0-9._:/@-]{0,99}$" });
const PriceUsd = T.Number({ minimum: 0, maximum: 100 });
const PRICE_FORM = "US dollars per call, from 0 to 100, such as 0.03";

interface Variable {
  schema: TSchema;
  /** How the accepted form is described in error messages and the README. */
  form: string;
  default?: (env: Record<string, string | undefined>) => unknown;
  /** Environment strings become numbers, lists… before validation. */
  parse?: (raw: string) => unknown;
  /** A check the schema cannot express, run on a value that passed it: why the value is unusable, or null. */
  problem?: (value: never) => string | null;
}

const integer = (raw: string) => (/^-?\d+$/.test(raw.trim()) ? Number(raw.trim()) : raw);
const decimal = (raw: string) => (/^\d{1,3}(\.\d{1,6})?$/.test(raw.trim()) ? Number(raw.trim()) : raw);
const list = (raw: string) =>
  raw
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part.length > 0);

function serviceOf(env: Record<string, string | undefined>): ServiceName {
  return env.SERVICE === "schema" ? "schema" : "visibility";
}

/** SCAN_MEMORY_MB when unset: a share per scan thread (see scans/scan-thread-pool.ts for what it covers). */
export const SCAN_MEMORY_MB_PER_SCAN = 32;
/** Below this a scan cannot hold even one homepage at the default FETCH_MAX_BYTES and parse it. */
const MIN_SCAN_SHARE_MB = 8;
function defaultScanMemoryMb(env: Record<string, string | undefined>): number {
  const concurrency = Number(env.WORKER_CONCURRENCY?.trim());
  return SCAN_MEMORY_MB_PER_SCAN * (Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 64 ? concurrency : 2);
}

export const variables = {
  PORT: { schema: Port, form: "an integer from 0 to 65535", default: () => 3000, parse: integer },
  HOST: { schema: T.String({ minLength: 1 }), form: "an address to listen on", default: () => "0.0.0.0" },
  SERVICE: {
    schema: T.Union([T.Literal("visibility"), T.Literal("schema")]),
    form: "visibility or schema",
    default: () => "visibility",
  },
  DATABASE_PATH: {
    schema: T.String({ minLength: 1 }),
    form: "a file path",
    default: (env) => `./data/${serviceOf(env)}.sqlite`,
  },
  // Set, it wins over DATABASE_PATH: the store runs on PostgreSQL, shared by every instance given the same URL.
  DATABASE_URL: {
    schema: T.String({ pattern: "^postgres(ql)?://[^\\s]+$" }),
    form: "a postgres:// URL such as postgres://sightline:password@db.internal:5432/sightline",
    problem: parsesAsUrl,
  },
  PUBLIC_URL: {
    schema: HttpUrl,
    form: "an http:// or https:// URL such as https://scan.example.com",
    default: (env) => `http://localhost:${env.PORT?.trim() || 3000}`,
    problem: parsesAsUrl,
  },
  PIPELINE_TOKEN: {
    schema: T.Array(T.String({ minLength: 16 })),
    form: "one or more comma-separated tokens of at least 16 characters",
    default: () => [],
    parse: list,
  },
  METRICS_TOKEN: { schema: T.String({ minLength: 16 }), form: "a secret of at least 16 characters" },
  KEY_PREFIX: {
    schema: T.String({ pattern: "^[a-z][a-z0-9]{1,15}$" }),
    form: "2-16 lowercase letters and digits, starting with a letter",
    default: (env) => (serviceOf(env) === "schema" ? "schema" : "aivis"),
  },
  ADMIN_EMAIL: { schema: T.String({ pattern: "^[^@\\s]+@[^@\\s]+$" }), form: "an email address" },
  ADMIN_PASSWORD: { schema: T.String({ minLength: 12 }), form: "a password of at least 12 characters" },
  CHALLENGE: {
    schema: T.Union([T.Literal("altcha"), T.Literal("turnstile")]),
    form: "altcha or turnstile",
    default: () => "altcha",
  },
  ALTCHA_HMAC_KEY: { schema: T.String({ minLength: 32 }), form: "a secret of at least 32 characters" },
  TURNSTILE_SITE_KEY: { schema: T.String({ minLength: 1 }), form: "the site key from the Cloudflare dashboard" },
  TURNSTILE_SECRET_KEY: { schema: T.String({ minLength: 1 }), form: "the secret key from the Cloudflare dashboard" },
  TURNSTILE_VERIFY_URL: {
    schema: HttpUrl,
    form: "an http:// or https:// URL",
    default: () => "https://challenges.cloudflare.com/turnstile/v0/siteverify",
    problem: parsesAsUrl,
  },
  SIGNED_PROBES: { schema: OnOff, form: "on or off", default: () => "off" },
  TRUST_PROXY: { schema: T.Integer({ minimum: 0, maximum: 10 }), form: "an integer from 0 to 10", default: () => 0, parse: integer },
  WORKER_CONCURRENCY: { schema: T.Integer({ minimum: 1, maximum: 64 }), form: "an integer from 1 to 64", default: () => 2, parse: integer },
  // The memory scans may add to the process, shared equally: each scan's bodies and heap get a share.
  SCAN_MEMORY_MB: {
    schema: T.Integer({ minimum: 16, maximum: 65536 }),
    form: "megabytes, from 16 to 65536",
    default: (env) => defaultScanMemoryMb(env),
    parse: integer,
  },
  // How many CPUs scan work may use: by default all but one, which is left to the serving thread (see
  // scans/thread-priority.ts for why a lower priority alone did not keep the API's latency).
  SCAN_CPUS: {
    schema: T.Integer({ minimum: 1, maximum: 1024 }),
    form: "a number of CPUs, from 1 to 1024",
    default: () => Math.max(1, availableParallelism() - 1),
    parse: integer,
  },
  // Where scans run: child processes of the binary (the default), which keep the API faster under
  // hostile scans, or threads of the server, which cost less memory (scans/scan-host.ts).
  SCAN_ISOLATION: {
    schema: T.Union([T.Literal("thread"), T.Literal("process")]),
    form: "thread or process",
    default: () => "process",
  },
  // Who the server becomes when the binary starts as root (sandbox/server-user.ts), before it opens anything.
  SERVER_USER: {
    schema: T.String({ pattern: USER_SETTING_PATTERN }),
    form: "a user name from /etc/passwd, or uid:gid",
  },
  // Who scan processes run as (sandbox/scan-user.ts); unset: nobody when the server may start processes as another user, else its own user.
  SCAN_USER: {
    schema: T.String({ pattern: USER_SETTING_PATTERN }),
    form: "a user name from /etc/passwd, or uid:gid",
  },
  CACHE_TTL_SECONDS: { schema: NonNegative, form: "a whole number of seconds", default: () => 86400, parse: integer },
  LIMIT_PER_IP_PER_HOUR: { schema: NonNegative, form: "a whole number (0 refuses every fresh scan)", default: () => 8, parse: integer },
  LIMIT_PER_DOMAIN_PER_HOUR: { schema: NonNegative, form: "a whole number", default: () => 3, parse: integer },
  LIMIT_PER_KEY_PER_HOUR: { schema: NonNegative, form: "a whole number", default: () => 60, parse: integer },
  // The page budget of a site-wide scan (POST /api/scan `pages`), per caller: anonymous callers (the web
  // form, challenge answers, MCP without a key), customer keys, and the pipeline token (and the CLI).
  SCAN_PAGES_ANONYMOUS_DEFAULT: { schema: PageBudget, form: PAGE_BUDGET_FORM, default: () => 10, parse: integer },
  SCAN_PAGES_ANONYMOUS_MAX: { schema: PageBudget, form: PAGE_BUDGET_FORM, default: () => 10, parse: integer },
  SCAN_PAGES_KEY_DEFAULT: { schema: PageBudget, form: PAGE_BUDGET_FORM, default: () => 25, parse: integer },
  SCAN_PAGES_KEY_MAX: { schema: PageBudget, form: PAGE_BUDGET_FORM, default: () => 100, parse: integer },
  SCAN_PAGES_PIPELINE_DEFAULT: { schema: PageBudget, form: PAGE_BUDGET_FORM, default: () => 25, parse: integer },
  SCAN_PAGES_PIPELINE_MAX: { schema: PageBudget, form: PAGE_BUDGET_FORM, default: () => 100, parse: integer },
  SCAN_TIMEOUT_MS: {
    schema: T.Integer({ minimum: 1000, maximum: MAX_TIMEOUT_MS }),
    form: `milliseconds, from 1000 to ${MAX_TIMEOUT_MS} (a day)`,
    default: () => 60000,
    parse: integer,
  },
  FETCH_TIMEOUT_MS: {
    schema: T.Integer({ minimum: 100, maximum: MAX_TIMEOUT_MS }),
    form: `milliseconds, from 100 to ${MAX_TIMEOUT_MS} (a day)`,
    default: () => 10000,
    parse: integer,
  },
  // 4: the default of polite crawlers that let a site set nothing (Screaming Frog's 5 threads, wget one); a Crawl-delay makes it 1.
  CRAWL_CONCURRENCY: { schema: T.Integer({ minimum: 1, maximum: 16 }), form: "an integer from 1 to 16", default: () => 4, parse: integer },
  // 2 MiB: the median homepage's HTML is 18 KB (HTTP Archive Web Almanac 2024, Page Weight) and the largest
  // of the 286 real pages in our corpus 283 KB, so a page is rarely cut; and the largest body a scan
  // reads is what its memory peaks with (8 hostile scans at once: 261-269 MB RSS at 5 MiB, 237-238 MB at 2 MiB).
  FETCH_MAX_BYTES: { schema: T.Integer({ minimum: 1024 }), form: "bytes, at least 1024", default: () => 2 * 1024 * 1024, parse: integer },
  SCAN_CONNECT_TO: {
    schema: T.Array(T.String({ pattern: "^[^:\\s]+:\\d{1,5}:[^\\s]+:\\d{1,5}$" })),
    form: "comma-separated HOST:PORT:ADDR:PORT2 entries, as curl's --connect-to (IPv6 ADDR in brackets)",
    default: () => [],
    parse: list,
    // The pattern checks the shape; the parser checks ports, addresses and names, and says which entry is wrong.
    problem: (entries: string[]) => {
      try {
        parseConnectTo(entries);
        return null;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    },
  },
  OFFSITE_CHECKS: { schema: OnOff, form: "on or off", default: () => "on" },
  WIKIDATA_SPARQL_URL: { schema: HttpUrl, form: "an http:// or https:// URL", default: () => "https://query.wikidata.org/sparql", problem: parsesAsUrl },
  WIKIPEDIA_API_URL: { schema: HttpUrl, form: "an http:// or https:// URL", default: () => "https://en.wikipedia.org/w/api.php", problem: parsesAsUrl },
  COMMONCRAWL_INDEX_URL: { schema: HttpUrl, form: "an http:// or https:// URL", default: () => "https://index.commoncrawl.org", problem: parsesAsUrl },
  // Read once here so that a missing or wrong file stops the process at start, not the first scan.
  SCHEMA_VOCABULARY: {
    schema: T.String({ minLength: 1 }),
    form: "the path of a schema.org release file (JSON-LD or N-Quads, such as schemaorg-all-https.jsonld)",
    problem: vocabularyFileProblem,
  },
  // AI answer engines (src/answers/, docs/answers.md): each is off until its key is set. Base URLs follow
  // each SDK's own convention (OpenAI's includes /v1, the others are the API's origin).
  OPENAI_API_KEY: { schema: T.String({ minLength: 1 }), form: "an OpenAI API key" },
  OPENAI_BASE_URL: { schema: HttpUrl, form: "an http:// or https:// URL", default: () => "https://api.openai.com/v1", problem: parsesAsUrl },
  OPENAI_MODEL: { schema: ModelName, form: "a model name", default: () => "gpt-5-mini" },
  OPENAI_PRICE_USD: { schema: PriceUsd, form: PRICE_FORM, default: () => 0.03, parse: decimal },
  ANTHROPIC_API_KEY: { schema: T.String({ minLength: 1 }), form: "an Anthropic API key" },
  ANTHROPIC_BASE_URL: { schema: HttpUrl, form: "an http:// or https:// URL", default: () => "https://api.anthropic.com", problem: parsesAsUrl },
  ANTHROPIC_MODEL: { schema: ModelName, form: "a model name", default: () => "claude-haiku-4-5" },
  ANTHROPIC_PRICE_USD: { schema: PriceUsd, form: PRICE_FORM, default: () => 0.04, parse: decimal },
  GEMINI_API_KEY: { schema: T.String({ minLength: 1 }), form: "a Gemini API key" },
  GEMINI_BASE_URL: { schema: HttpUrl, form: "an http:// or https:// URL", default: () => "https://generativelanguage.googleapis.com", problem: parsesAsUrl },
  GEMINI_MODEL: { schema: ModelName, form: "a model name", default: () => "gemini-2.5-flash" },
  GEMINI_PRICE_USD: { schema: PriceUsd, form: PRICE_FORM, default: () => 0.04, parse: decimal },
  PERPLEXITY_API_KEY: { schema: T.String({ minLength: 1 }), form: "a Perplexity API key" },
  PERPLEXITY_BASE_URL: { schema: HttpUrl, form: "an http:// or https:// URL", default: () => "https://api.perplexity.ai", problem: parsesAsUrl },
  PERPLEXITY_MODEL: { schema: ModelName, form: "a model name", default: () => "perplexity/sonar" },
  PERPLEXITY_PRICE_USD: { schema: PriceUsd, form: PRICE_FORM, default: () => 0.01, parse: decimal },
  // One call to an engine, retries included, ends by then; the sample is then "unavailable".
  ANSWERS_TIMEOUT_MS: {
    schema: T.Integer({ minimum: 1000, maximum: MAX_TIMEOUT_MS }),
    form: `milliseconds, from 1000 to ${MAX_TIMEOUT_MS} (a day)`,
    default: () => 90000,
    parse: integer,
  },
  // What accounts' answer runs may spend together per calendar month (UTC); unset: no service-wide cap
  // (each account still needs a budget from the admin, 0 by default).
  ANSWERS_MONTHLY_LIMIT_USD: { schema: T.Number({ minimum: 0, maximum: 1_000_000 }), form: "US dollars, such as 200", parse: (raw: string) => (/^\d{1,7}(\.\d{1,6})?$/.test(raw.trim()) ? Number(raw.trim()) : raw) },
  // Retries of a failed call (429, 5xx, connection errors), by the SDK's own backoff.
  ANSWERS_RETRIES: { schema: T.Integer({ minimum: 0, maximum: 5 }), form: "a whole number from 0 to 5", default: () => 1, parse: integer },
  // Alerts of watched domains (docs/answers.md, "Alerts"). Email is off until SMTP_URL is set.
  SMTP_URL: {
    schema: T.String({ pattern: "^smtps?://[^\\s]+$" }),
    form: "an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465",
    problem: parsesAsUrl,
  },
  SMTP_FROM: {
    schema: T.String({ pattern: "^[^\\r\\n]{1,200}$" }),
    form: "a sender address such as \"sightline <alerts@example.com>\"",
    default: (env) => `sightline <alerts@${URL.canParse(env.PUBLIC_URL?.trim() ?? "") ? new URL(env.PUBLIC_URL!.trim()).hostname : "localhost"}>`,
  },
  // Seals the webhook secrets kept in the database; unset, a key generated on first start is kept there.
  SEALING_SECRET: { schema: T.String({ minLength: 32 }), form: "a secret of at least 32 characters" },
  LOG_LEVEL: {
    schema: T.Union([T.Literal("debug"), T.Literal("info"), T.Literal("warn"), T.Literal("error"), T.Literal("silent")]),
    form: "debug, info, warn, error or silent",
    default: () => "info",
  },
} satisfies Record<string, Variable>;

type Variables = typeof variables;
type ValueOf<K extends keyof Variables> = Static<Variables[K]["schema"]>;
type Defaulted = { [K in keyof Variables]: Variables[K] extends { default: unknown } ? K : never }[keyof Variables];

export type Config = Readonly<
  { [K in Defaulted]: ValueOf<K> } & { [K in Exclude<keyof Variables, Defaulted>]: ValueOf<K> | undefined }
>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads, validates and freezes the configuration. Throws ConfigError naming the first bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const config: Record<string, unknown> = {};
  for (const [name, variable] of Object.entries(variables) as [string, Variable][]) {
    const raw = env[name];
    let value: unknown;
    if (raw === undefined || raw.trim() === "") {
      value = variable.default?.(env);
    } else {
      value = variable.parse ? variable.parse(raw) : raw.trim();
      const valid = Value.Check(variable.schema, value);
      const problem = valid ? (variable.problem?.(value as never) ?? null) : null;
      if (!valid || problem !== null) {
        // A database or SMTP URL carries its password.
        const shown = name.includes("TOKEN") || name.includes("API_KEY") || name.includes("SECRET") || name.includes("PASSWORD") || name.includes("HMAC") || name === "DATABASE_URL" || name === "SMTP_URL"
          ? "the value given"
          : JSON.stringify(raw);
        throw new ConfigError(`${name}: ${shown} is not valid; expected ${variable.form}.${problem === null ? "" : ` ${problem}`}`);
      }
    }
    config[name] = value;
  }
  checkCombinations(config as Config);
  return Object.freeze(config) as Config;
}

function checkCombinations(config: Config): void {
  if (config.SCAN_MEMORY_MB / config.WORKER_CONCURRENCY < MIN_SCAN_SHARE_MB) {
    throw new ConfigError(
      `SCAN_MEMORY_MB: ${config.SCAN_MEMORY_MB} MB shared by ${config.WORKER_CONCURRENCY} scans leaves each less than ${MIN_SCAN_SHARE_MB} MB; raise it or lower WORKER_CONCURRENCY.`,
    );
  }
  for (const kind of ["ANONYMOUS", "KEY", "PIPELINE"] as const) {
    const fallback = config[`SCAN_PAGES_${kind}_DEFAULT`];
    const max = config[`SCAN_PAGES_${kind}_MAX`];
    if (fallback > max) throw new ConfigError(`SCAN_PAGES_${kind}_DEFAULT: ${fallback} pages is more than SCAN_PAGES_${kind}_MAX (${max}); lower it or raise the maximum.`);
  }
  if ((config.ADMIN_EMAIL === undefined) !== (config.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError("ADMIN_EMAIL and ADMIN_PASSWORD: set both to enable the admin login, or neither to disable it.");
  }
  if (config.SCAN_USER !== undefined && config.SCAN_ISOLATION !== "process") {
    throw new ConfigError("SCAN_USER: scans run as another user only in scan processes; set SCAN_ISOLATION=process (threads share the server's process and user).");
  }
  if (config.CHALLENGE === "turnstile" && (!config.TURNSTILE_SITE_KEY || !config.TURNSTILE_SECRET_KEY)) {
    throw new ConfigError("CHALLENGE: turnstile needs TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY to be set as well.");
  }
}

/**
 * The environment a scan process gets (SCAN_ISOLATION=process): this one without any of sightline's
 * settings. A scan process reads none of them (its settings come with each scan), and it is the part
 * that parses hostile pages, so secrets such as ADMIN_PASSWORD, DATABASE_URL or PIPELINE_TOKEN stay out
 * of it; what the runtime itself reads (NODE_EXTRA_CA_CERTS, proxy variables, TZ, BUN_*) passes.
 */
export function scanProcessEnv(env: Record<string, string | undefined>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined && !(name in variables)) kept[name] = value;
  return kept;
}
