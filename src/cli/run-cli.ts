import type { Config } from "../config.ts";
import { VERSION } from "../version.ts";
import { EXIT } from "./exit-codes.ts";
import { ALERTS_USAGE, ANSWERS_USAGE, KEYS_USAGE, LIMITS_USAGE, MIGRATE_USAGE, RESCORE_USAGE, SCAN_USAGE } from "./usages.ts";

/*
 * Each command is imported when it runs, not before: `version` and `--help` load nothing else, and `scan`
 * loads neither the HTTP framework nor the database. The specifiers are string literals so that
 * `bun build --compile` still bundles every command into the binary.
 */

/** The configuration, read and validated on first call; commands that need none never read it. */
type LoadConfig = () => Config | Promise<Config>;

interface Command {
  summary: string;
  usage: string;
  /** Flags the command accepts; any other argument starting with "-" is a usage error. */
  flags?: readonly string[];
  /** Reads the configuration (when it needs it) before importing its module, so a bad variable is reported at once. */
  run(args: string[], config: LoadConfig): Promise<number>;
}

const stdio = { out: (text: string) => void process.stdout.write(text), err: (text: string) => void process.stderr.write(text) };

const commands: Record<string, Command> = {
  serve: {
    summary: "Serve the API, pages and background worker (the default).",
    usage: "sightline serve\n\nConfiguration comes from environment variables; see the README.",
    run: async (_args, config) => {
      const settings = await config();
      const { serveCommand } = await import("./serve-command.ts");
      return serveCommand(settings);
    },
  },
  migrate: {
    summary: "Apply pending database migrations and exit; or copy a SQLite installation into PostgreSQL (--from, into DATABASE_URL).",
    usage: MIGRATE_USAGE,
    flags: ["--from", "--to"],
    run: async (args, config) => {
      // The copy names its source; its target is DATABASE_URL (read from the environment: never a password on the command line).
      if (args.length > 0) {
        const settings = await config();
        const { migrateCopyCommand } = await import("./migrate-command.ts");
        return migrateCopyCommand(args, stdio, settings.DATABASE_URL);
      }
      const settings = await config();
      const { migrateCommand } = await import("./migrate-command.ts");
      return migrateCommand(settings);
    },
  },
  keys: {
    summary: "Create, list and revoke API keys (operator keys, printed once).",
    usage: KEYS_USAGE,
    flags: ["--json"],
    run: async (args, config) => {
      const settings = await config();
      const { keysCommand } = await import("./keys-command.ts");
      return keysCommand(args, settings, stdio);
    },
  },
  limits: {
    summary: "List the rate-limit buckets in use, or clear one (an IP address, a domain, a key).",
    usage: LIMITS_USAGE,
    flags: ["--json"],
    run: async (args, config) => {
      const settings = await config();
      const { limitsCommand } = await import("./limits-command.ts");
      return limitsCommand(args, settings, stdio);
    },
  },
  scan: {
    summary: "Scan one site for AI visibility in this process and print the result. Visibility only, whatever SERVICE says (for CI: --min-score).",
    usage: SCAN_USAGE,
    flags: ["--json", "--min-score", "--format", "--pages"],
    run: async (args, config) => {
      const settings = await config();
      const { scanCommand } = await import("./scan-command.ts");
      return scanCommand(args, settings, stdio);
    },
  },
  rescore: {
    summary: "Re-run the audits and scoring on stored scans (--domain D or --all), without fetching; after an upgrade.",
    usage: RESCORE_USAGE,
    flags: ["--domain", "--all"],
    run: async (args, config) => {
      const settings = await config();
      const { rescoreCommand } = await import("./rescore-command.ts");
      return rescoreCommand(args, settings, stdio);
    },
  },
  answers: {
    summary: "Ask AI answer engines (OpenAI, Anthropic, Gemini, Perplexity) prompts about a domain: cited, mentioned, position. No account needed.",
    usage: ANSWERS_USAGE,
    flags: ["--domain", "--prompt", "--engines", "--samples", "--brand", "--competitor", "--json"],
    run: async (args, config) => {
      const settings = await config();
      const { answersCommand } = await import("./answers-command.ts");
      return answersCommand(args, settings, stdio);
    },
  },
  alerts: {
    summary: "Send a test mail through SMTP_URL, as alerts of watched domains are sent.",
    usage: ALERTS_USAGE,
    flags: ["--to"],
    run: async (args, config) => {
      const settings = await config();
      const { alertsCommand } = await import("./alerts-command.ts");
      return alertsCommand(args, settings, stdio);
    },
  },
  version: {
    summary: "Print the version.",
    usage: "sightline version",
    run: async () => {
      process.stdout.write(`sightline ${VERSION}\n`);
      return EXIT.ok;
    },
  },
};

export async function runCli(argv: string[], config: LoadConfig): Promise<number> {
  const [name = "serve", ...rest] = argv;
  if (name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(overview());
    return EXIT.ok;
  }
  if (name === "--version" || name === "-v") return commands.version!.run([], config);
  const command = commands[name];
  if (!command) {
    process.stderr.write(`sightline: unknown command "${name}". Run "sightline --help" for the list.\n`);
    return EXIT.usage;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    process.stdout.write(`${command.usage}\n`);
    return EXIT.ok;
  }
  // "--flag=value" is the listed "--flag" with its value attached.
  const unknown = rest.find((arg) => arg.startsWith("-") && !(command.flags ?? []).includes(arg.split("=")[0]!));
  if (unknown) {
    process.stderr.write(`sightline ${name}: unknown option "${unknown}". Run "sightline ${name} --help".\n`);
    return EXIT.usage;
  }
  return command.run(rest, config);
}

function overview(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  const lines = Object.entries(commands).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`);
  return `sightline ${VERSION}: how websites show up to AI.\n\nUsage: sightline [command] [--help]\n\nCommands:\n${lines.join("\n")}\n\nExit codes: 0 success, 1 failure, 2 bad usage or configuration.\n`;
}
