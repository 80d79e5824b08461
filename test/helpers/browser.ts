/**
 * Debian's Chromium through playwright-core, as every browser test drives it: launched without the
 * background services that would reach for the internet, and pages watched for what must never
 * happen on our pages: a dialog, a console error (CSP violations included), a request to any origin
 * but the server's.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { expect } from "bun:test";
import type { Browser, Page } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";
export const hasChromium = existsSync(CHROMIUM);
/** Screenshots for a person to look at (git-ignored). */
export const TEST_OUTPUT = join(import.meta.dir, "..", "..", "test-output");

export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import("playwright-core");
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}

export interface Watched {
  page: Page;
  dialogs: string[];
  consoleErrors: string[];
  foreignRequests: string[];
}

/**
 * Starts recording on `page`. Chromium reports every 4xx answer as a console error; `expectedFailure`
 * names the resource URLs whose 4xx the page expects (polling a report that does not exist yet, say).
 */
export function watchPage(page: Page, origin: string, expectedFailure: (url: string) => boolean = () => false): Watched {
  const watched: Watched = { page, dialogs: [], consoleErrors: [], foreignRequests: [] };
  page.on("dialog", (dialog) => {
    watched.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("pageerror", (error) => watched.consoleErrors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const at = message.location().url;
    if (message.text().startsWith("Failed to load resource") && expectedFailure(at)) return;
    watched.consoleErrors.push(`${message.text()} (${at})`);
  });
  page.on("request", (request) => {
    const url = request.url();
    if (url.startsWith("data:") || url.startsWith("blob:")) return;
    if (new URL(url).origin !== origin) watched.foreignRequests.push(url);
  });
  return watched;
}

export function expectClean(watched: Watched): void {
  expect(watched.dialogs).toEqual([]);
  expect(watched.consoleErrors).toEqual([]);
  expect(watched.foreignRequests).toEqual([]);
}
