/** The start-up line a person reads: the address to open (PUBLIC_URL), where it listens, and where forms work. */
import { describe, expect, test } from "bun:test";
import { loadConfig } from "../../src/config.ts";
import { addressToOpen, startupBanner } from "../../src/cli/startup-banner.ts";

describe("the start-up banner", () => {
  test("on the embedded defaults it says to open localhost, not the 0.0.0.0 it binds", () => {
    const banner = startupBanner(loadConfig({}), 3000);
    expect(banner.split("\n")[0]).toBe("sightline visibility is ready: open http://localhost:3000");
    expect(banner).toContain("listening on 0.0.0.0:3000 (HOST, PORT)");
    expect(banner).toContain("database ./data/visibility.sqlite (DATABASE_PATH)");
    expect(banner).toContain("only work on pages opened at http://localhost:3000 (PUBLIC_URL)");
  });

  test("PUBLIC_URL is the address to open; the schema service names itself", () => {
    const banner = startupBanner(loadConfig({ SERVICE: "schema", PUBLIC_URL: "https://schema.example.com/", HOST: "127.0.0.1" }), 3000);
    expect(banner.split("\n")[0]).toBe("sightline schema is ready: open https://schema.example.com/");
    expect(banner).toContain("pages opened at https://schema.example.com (PUBLIC_URL)");
    expect(banner).toContain("database ./data/schema.sqlite");
  });

  test("with PORT=0 the default address gets the port picked at start", () => {
    expect(addressToOpen(loadConfig({ PORT: "0" }), 41234)).toBe("http://localhost:41234");
    expect(addressToOpen(loadConfig({ PORT: "0", PUBLIC_URL: "https://scan.example.com" }), 41234)).toBe("https://scan.example.com");
  });

  test("an IPv6 listening address is bracketed", () => {
    expect(startupBanner(loadConfig({ HOST: "::1" }), 3000)).toContain("listening on [::1]:3000");
  });
});
