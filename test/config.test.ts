import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig, scanProcessEnv, variables } from "../src/config.ts";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";

describe("loadConfig", () => {
  test("embedded defaults", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe("0.0.0.0");
    expect(config.SERVICE).toBe("visibility");
    expect(config.DATABASE_PATH).toBe("./data/visibility.sqlite");
    expect(config.KEY_PREFIX).toBe("aivis");
    expect(config.CACHE_TTL_SECONDS).toBe(86400);
    expect(config.LIMIT_PER_IP_PER_HOUR).toBe(8);
    expect(config.LIMIT_PER_DOMAIN_PER_HOUR).toBe(3);
    expect(config.LIMIT_PER_KEY_PER_HOUR).toBe(60);
    expect(config.PIPELINE_TOKEN).toEqual([]);
    expect(config.SCAN_CONNECT_TO).toEqual([]);
    expect(config.CHALLENGE).toBe("altcha");
    expect(config.TRUST_PROXY).toBe(0);
    // 2 MiB, as the README's table says: a scan's memory peaks with the largest body it reads.
    expect(config.FETCH_MAX_BYTES).toBe(2 * 1024 * 1024);
    expect(config.ADMIN_EMAIL).toBeUndefined();
    expect(Object.isFrozen(config)).toBe(true);
  });

  test("the schema service has its own defaults", () => {
    const config = loadConfig({ SERVICE: "schema" });
    expect(config.DATABASE_PATH).toBe("./data/schema.sqlite");
    expect(config.KEY_PREFIX).toBe("schema");
  });

  test("parses numbers and lists", () => {
    const config = loadConfig({
      PORT: " 8080 ",
      PIPELINE_TOKEN: "first-token-0123456789, second-token-0123456789",
      SCAN_CONNECT_TO: "good.test:443:127.0.0.1:8443,v6.test:80:[::1]:8080",
    });
    expect(config.PORT).toBe(8080);
    expect(config.PIPELINE_TOKEN).toEqual(["first-token-0123456789", "second-token-0123456789"]);
    expect(config.SCAN_CONNECT_TO).toEqual(["good.test:443:127.0.0.1:8443", "v6.test:80:[::1]:8080"]);
  });

  test.each([
    ["PORT", "http", "PORT"],
    ["PORT", "70000", "0 to 65535"],
    ["SERVICE", "seo", "visibility or schema"],
    ["CHALLENGE", "recaptcha", "altcha or turnstile"],
    ["TRUST_PROXY", "-1", "TRUST_PROXY"],
    ["WORKER_CONCURRENCY", "0", "1 to 64"],
    ["LIMIT_PER_IP_PER_HOUR", "eight", "whole number"],
    ["PUBLIC_URL", "scan.example.com", "http:// or https://"],
    ["SCAN_CONNECT_TO", "good.test:443", "HOST:PORT:ADDR:PORT2"],
    ["OFFSITE_CHECKS", "yes", "on or off"],
    ["LOG_LEVEL", "verbose", "debug, info"],
    ["KEY_PREFIX", "Has_Underscore", "lowercase"],
    // Values a timer cannot wait for (over 2^31 - 1 ms it fires at once: every fetch would time out at once).
    ["FETCH_TIMEOUT_MS", "3000000000", "from 100 to 86400000"],
    ["SCAN_TIMEOUT_MS", "2147483648", "from 1000 to 86400000"],
    // Values the pattern lets through but the URL parser refuses: every request building a URL from them would throw.
    ["PUBLIC_URL", "http://[", "http:// or https://"],
    ["TURNSTILE_VERIFY_URL", "https://[::1", "http:// or https://"],
    ["WIKIDATA_SPARQL_URL", "http://exa%mple.org/sparql", "http:// or https://"],
    // Entries of the right shape that SCAN_CONNECT_TO's parser refuses, which used to fail only when the server started.
    ["SCAN_CONNECT_TO", "good.test:99999:127.0.0.1:8443", "between 1 and 65535"],
    ["SCAN_CONNECT_TO", "bad!host:443:127.0.0.1:8443", "is not a host name"],
  ])("%s=%s stops with one line naming the variable and the accepted form", (name, value, expected) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.startsWith(`${name}:`)).toBe(true);
    expect(message).toContain(expected);
    expect(message).not.toContain("\n");
  });

  test("never echoes a secret in the error", () => {
    for (const name of ["PIPELINE_TOKEN", "ADMIN_PASSWORD", "ALTCHA_HMAC_KEY"]) {
      const env: Record<string, string> = { [name]: "tiny-secret" };
      if (name === "ADMIN_PASSWORD") env.ADMIN_EMAIL = "admin@example.com";
      expect(() => loadConfig(env)).toThrow(ConfigError);
      try {
        loadConfig(env);
      } catch (error) {
        expect((error as Error).message).not.toContain("tiny-secret");
      }
    }
  });

  test("combinations", () => {
    expect(() => loadConfig({ ADMIN_EMAIL: "admin@example.com" })).toThrow("set both");
    expect(() => loadConfig({ CHALLENGE: "turnstile" })).toThrow("TURNSTILE_SITE_KEY");
    expect(loadConfig({ CHALLENGE: "turnstile", TURNSTILE_SITE_KEY: "site", TURNSTILE_SECRET_KEY: "secret" }).CHALLENGE).toBe("turnstile");
  });

  test("a scan process's environment holds none of sightline's settings, and everything else", () => {
    const env = scanProcessEnv({ PATH: "/usr/bin", NODE_EXTRA_CA_CERTS: "/ca.pem", HTTPS_PROXY: "http://proxy:3128", ADMIN_PASSWORD: "correct horse battery", DATABASE_URL: "postgres://u:p@db/s", PIPELINE_TOKEN: "t".repeat(20), SCAN_ISOLATION: "process", UNSET: undefined });
    expect(env).toEqual({ PATH: "/usr/bin", NODE_EXTRA_CA_CERTS: "/ca.pem", HTTPS_PROXY: "http://proxy:3128" });
  });

  test("SCAN_ISOLATION is process by default, or thread; anything else is refused with the accepted forms", () => {
    expect(loadConfig({}).SCAN_ISOLATION).toBe("process");
    expect(loadConfig({ SCAN_ISOLATION: "thread" }).SCAN_ISOLATION).toBe("thread");
    expect(() => loadConfig({ SCAN_ISOLATION: "fork" })).toThrow('SCAN_ISOLATION: "fork" is not valid; expected thread or process.');
  });

  test("SCAN_USER is a user name or uid:gid, unset by default, and only for scan processes", () => {
    expect(loadConfig({}).SCAN_USER).toBeUndefined();
    expect(loadConfig({ SCAN_USER: "sightline-scan" }).SCAN_USER).toBe("sightline-scan");
    expect(loadConfig({ SCAN_USER: "4102:4102" }).SCAN_USER).toBe("4102:4102");
    expect(() => loadConfig({ SCAN_USER: "4102:" })).toThrow('SCAN_USER: "4102:" is not valid; expected a user name from /etc/passwd, or uid:gid.');
    expect(() => loadConfig({ SCAN_USER: "a b" })).toThrow("SCAN_USER");
    // Threads share the server's process, and so its user: asking for another one there is a mistake.
    expect(() => loadConfig({ SCAN_USER: "sightline-scan", SCAN_ISOLATION: "thread" })).toThrow(
      "SCAN_USER: scans run as another user only in scan processes; set SCAN_ISOLATION=process (threads share the server's process and user).",
    );
  });

  test("SCAN_CPUS defaults to all the CPUs this process may use but one, and at least one", () => {
    expect(loadConfig({}).SCAN_CPUS).toBe(Math.max(1, availableParallelism() - 1));
    expect(loadConfig({ SCAN_CPUS: "3" }).SCAN_CPUS).toBe(3);
    expect(() => loadConfig({ SCAN_CPUS: "0" })).toThrow('SCAN_CPUS: "0" is not valid; expected a number of CPUs, from 1 to 1024.');
    expect(() => loadConfig({ SCAN_CPUS: "half" })).toThrow('SCAN_CPUS: "half" is not valid; expected a number of CPUs, from 1 to 1024.');
  });

  test("SCAN_MEMORY_MB defaults to 32 MB a scan, and must leave each scan at least 8 MB", () => {
    expect(loadConfig({}).SCAN_MEMORY_MB).toBe(64);
    expect(loadConfig({ WORKER_CONCURRENCY: "8" }).SCAN_MEMORY_MB).toBe(256);
    expect(loadConfig({ WORKER_CONCURRENCY: "8", SCAN_MEMORY_MB: "200" }).SCAN_MEMORY_MB).toBe(200);
    expect(() => loadConfig({ SCAN_MEMORY_MB: "lots" })).toThrow("SCAN_MEMORY_MB: \"lots\" is not valid; expected megabytes, from 16 to 65536.");
    expect(() => loadConfig({ SCAN_MEMORY_MB: "8" })).toThrow("SCAN_MEMORY_MB");
    expect(() => loadConfig({ WORKER_CONCURRENCY: "8", SCAN_MEMORY_MB: "32" })).toThrow(
      "SCAN_MEMORY_MB: 32 MB shared by 8 scans leaves each less than 8 MB; raise it or lower WORKER_CONCURRENCY.",
    );
  });

  test("every variable is documented in the README", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    for (const name of Object.keys(variables)) expect(readme).toContain(`\`${name}\``);
  });
});
