import { describe, expect, test } from "bun:test";
import { robotsSitemap } from "../../../../src/analyzers/visibility/audits/discover/robots-sitemap.ts";
import { offsitePresence } from "../../../../src/analyzers/visibility/audits/presence/offsite-presence.ts";
import { robots, site, siteWithRobots } from "../sample-site.ts";

describe("robots-sitemap", () => {
  test("passes and quotes the Sitemap lines", () => {
    const outcome = robotsSitemap.run(site());
    expect(outcome).toMatchObject({ status: "pass", score: 1 });
    expect(outcome.evidence).toEqual(["Sitemap: https://example.com/sitemap.xml"]);
  });

  test("warns without a Sitemap line, with the line to add", () => {
    const outcome = robotsSitemap.run(siteWithRobots("User-agent: *\nAllow: /\n"));
    expect(outcome).toMatchObject({ status: "warn", score: 0.5 });
    expect(outcome.fix?.how).toContain("Sitemap: https://example.com/sitemap.xml");
  });

  test("warns when there is no robots.txt; unknown when it is unavailable", () => {
    expect(robotsSitemap.run(site({ robotsTxt: robots({ status: 404 }) }))).toMatchObject({ status: "warn" });
    expect(robotsSitemap.run(site({ robotsTxt: robots({ status: 500 }) }))).toMatchObject({ status: "unknown", score: null });
  });
});

describe("offsite-presence", () => {
  test("is unknown until off-site checks exist, so the presence pillar does not count", () => {
    expect(offsitePresence.run(site())).toMatchObject({ status: "unknown", score: null });
    expect(offsitePresence.run(site()).detail).toContain("full analysis");
  });
});
