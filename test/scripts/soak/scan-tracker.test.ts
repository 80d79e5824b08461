import { describe, expect, test } from "bun:test";
import { ScanTracker } from "../../../scripts/soak/scan-tracker.ts";

describe("ScanTracker", () => {
  test("a started scan is pending until a record appears; then its domain counts as scanned", () => {
    const tracker = new ScanTracker();
    tracker.started("a.test");
    expect(tracker.isPending("a.test")).toBe(true);
    tracker.observed("a.test", null);
    expect(tracker.pendingDomains()).toEqual(["a.test"]);
    tracker.observed("a.test", "2026-11-23T22:00:00.000Z");
    expect(tracker.pendingDomains()).toEqual([]);
    expect(tracker.scannedDomains()).toEqual(["a.test"]);
    expect([tracker.submitted, tracker.recorded, tracker.durationsMs.length]).toEqual([1, 1, 1]);
  });

  test("a rescan is answered only by a record other than the one seen before it started", () => {
    const tracker = new ScanTracker();
    tracker.started("a.test");
    tracker.observed("a.test", "2026-11-23T22:00:00.000Z");
    tracker.started("a.test");
    tracker.observed("a.test", "2026-11-23T22:00:00.000Z");
    expect(tracker.isPending("a.test")).toBe(true);
    tracker.observed("a.test", "2026-11-23T22:05:00.000Z");
    expect(tracker.isPending("a.test")).toBe(false);
    expect(tracker.recorded).toBe(2);
  });

  test("a scan whose record never comes stays pending: the soak reports it as lost", () => {
    const tracker = new ScanTracker();
    tracker.started("lost.test");
    tracker.started("found.test");
    tracker.observed("found.test", "2026-11-23T22:00:00.000Z");
    tracker.observed("unrelated.test", "2026-11-23T22:00:00.000Z");
    expect(tracker.pendingDomains()).toEqual(["lost.test"]);
    expect(tracker.scannedDomains()).toEqual(["found.test"]);
  });
});
