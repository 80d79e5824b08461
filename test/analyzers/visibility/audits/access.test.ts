import { describe, expect, test } from "bun:test";
import { runAudit } from "../../../../src/analyzers/visibility/audits/run-audit.ts";
import { homepageStatus } from "../../../../src/analyzers/visibility/audits/access/homepage-status.ts";
import { https } from "../../../../src/analyzers/visibility/audits/access/https.ts";
import { pageDirectives } from "../../../../src/analyzers/visibility/audits/access/page-directives.ts";
import type { HomepageFailure } from "../../../../src/analyzers/visibility/gather/artifacts.ts";
import { homepage, page, site, siteWithHtml } from "../sample-site.ts";

const loop: HomepageFailure = {
  ok: false,
  error: { code: "too-many-redirects", message: "more than 10 redirects", url: "https://example.com/" },
  failedAttempts: [{ code: "too-many-redirects", message: "more than 10 redirects", url: "https://example.com/" }],
};

describe("homepage-status", () => {
  test("2xx passes, with the redirect chain as evidence", () => {
    const redirected = homepage({ requestedUrl: "https://example.com/", finalUrl: "https://www.example.com/", redirects: [{ url: "https://example.com/", status: 301 }] });
    const outcome = runAudit(homepageStatus, site({ homepage: redirected }));
    expect(outcome).toMatchObject({ status: "pass", score: 1 });
    expect(outcome.detail).toContain("after 1 redirect");
    expect(outcome.evidence).toEqual(["https://example.com/ → 301", "https://www.example.com/ → 200"]);
  });

  test("4xx and 5xx fail and block", () => {
    for (const status of [403, 404, 500, 503]) {
      const outcome = runAudit(homepageStatus, site({ homepage: homepage({ status }) }));
      expect(outcome).toMatchObject({ status: "fail", score: 0, blocking: true });
      expect(outcome.detail).toContain(`HTTP ${status}`);
    }
    expect(runAudit(homepageStatus, site({ homepage: homepage({ status: 403 }) })).fix?.how).toContain("bot-protection");
  });

  test("a 3xx that was not followed fails without blocking", () => {
    expect(runAudit(homepageStatus, site({ homepage: homepage({ status: 302 }) }))).toMatchObject({ status: "fail", blocking: undefined });
  });

  test("a redirect loop fails with a fix about the loop", () => {
    const outcome = runAudit(homepageStatus, site({ homepage: loop }));
    expect(outcome).toMatchObject({ status: "fail", blocking: true });
    expect(outcome.fix?.how).toContain("redirect loop");
  });
});

describe("https", () => {
  test("passes for an https final URL", () => {
    expect(runAudit(https, site())).toMatchObject({ status: "pass", score: 1 });
  });

  test("fails when only http worked, quoting why https failed", () => {
    const httpOnly = homepage({
      requestedUrl: "http://example.com/",
      finalUrl: "http://example.com/",
      failedAttempts: [{ code: "tls", message: "certificate has expired", url: "https://example.com/" }],
    });
    const outcome = runAudit(https, site({ homepage: httpOnly }));
    expect(outcome).toMatchObject({ status: "fail", score: 0 });
    expect(outcome.detail).toContain("certificate has expired");
    expect(outcome.fix?.how).toContain("example.com");
  });

  test("fails when https redirects down to http", () => {
    expect(runAudit(https, site({ homepage: homepage({ finalUrl: "http://example.com/" }) }))).toMatchObject({ status: "fail" });
  });

  test("unknown without a homepage", () => {
    expect(runAudit(https, site({ homepage: loop }))).toMatchObject({ status: "unknown", score: null });
  });
});

describe("page-directives", () => {
  const withMeta = (meta: string, headers: Record<string, string> = {}) => runAudit(pageDirectives, siteWithHtml(page({ head: meta }), headers));

  test("passes without restricting directives", () => {
    expect(withMeta("")).toMatchObject({ status: "pass", score: 1 });
    expect(withMeta('<meta name="robots" content="index, follow, max-snippet:-1, max-image-preview:large">')).toMatchObject({ status: "pass" });
  });

  test("meta robots noindex (or none) blocks", () => {
    for (const content of ["noindex", "NOINDEX, nofollow", "none"]) {
      const outcome = withMeta(`<meta name="robots" content="${content}">`);
      expect(outcome).toMatchObject({ status: "fail", score: 0, blocking: true });
      expect(outcome.evidence[0]).toContain("meta name=\"robots\"");
    }
  });

  test("X-Robots-Tag noindex blocks", () => {
    const outcome = withMeta("", { "x-robots-tag": "noindex, nofollow" });
    expect(outcome).toMatchObject({ status: "fail", blocking: true });
    expect(outcome.detail).toContain("X-Robots-Tag: noindex, nofollow");
  });

  test("noindex aimed at one crawler fails without blocking", () => {
    const header = withMeta("", { "x-robots-tag": "bingbot: noindex" });
    expect(header).toMatchObject({ status: "fail", score: 0.3, blocking: undefined });
    expect(header.detail).toContain("bingbot");
    expect(withMeta('<meta name="GPTBot" content="noindex">')).toMatchObject({ status: "fail", blocking: undefined });
  });

  test("meta tags for crawlers outside the catalogue are ignored", () => {
    expect(withMeta('<meta name="yandex" content="noindex">')).toMatchObject({ status: "pass" });
  });

  test("nosnippet and max-snippet:0 fail; a short max-snippet warns", () => {
    expect(withMeta('<meta name="robots" content="nosnippet">')).toMatchObject({ status: "fail", score: 0.3 });
    expect(withMeta("", { "x-robots-tag": "max-snippet:0" })).toMatchObject({ status: "fail", score: 0.3 });
    expect(withMeta('<meta name="robots" content="max-snippet:20">')).toMatchObject({ status: "warn", score: 0.7 });
  });

  test("max-snippet is a directive, not a crawler prefix", () => {
    const outcome = withMeta("", { "x-robots-tag": "max-snippet:10, noindex" });
    expect(outcome).toMatchObject({ blocking: true });
  });

  test("noai warns and suggests robots.txt for training opt-outs", () => {
    const outcome = withMeta('<meta name="robots" content="noai, noimageai">');
    expect(outcome).toMatchObject({ status: "warn", score: 0.8 });
    expect(outcome.fix?.why).toContain("robots.txt");
  });

  test("the worst finding decides the status and score", () => {
    expect(withMeta('<meta name="robots" content="noai">', { "x-robots-tag": "noindex" })).toMatchObject({ status: "fail", score: 0, blocking: true });
  });
});
