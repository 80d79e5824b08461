/** Queue depth and the oldest job's age, computed from what the store reports at scrape time. */
import { expect, test } from "bun:test";
import { queueGauges, type QueueStats } from "../../src/metrics/queue-gauges.ts";

async function valuesOf(stats: QueueStats, now: number) {
  const [jobs, age] = queueGauges(stats, now);
  return { jobs: await jobs!.collect(), age: await age!.collect() };
}

test("depth by state, and the age in seconds of the oldest queued job", async () => {
  const { jobs, age } = await valuesOf({ queued: 3, running: 2, oldestQueuedCreatedAt: 1_000_000 }, 1_450_500);
  expect(jobs).toEqual([{ labelValues: ["queued"], value: 3 }, { labelValues: ["running"], value: 2 }]);
  expect(age).toEqual([{ labelValues: [], value: 450.5 }]);
});

test("an empty queue has age 0; a waiting queue whose age is unknown has no age sample rather than a false 0", async () => {
  expect((await valuesOf({ queued: 0, running: 1, oldestQueuedCreatedAt: null }, 5000)).age).toEqual([{ labelValues: [], value: 0 }]);
  expect((await valuesOf({ queued: 2, running: 0, oldestQueuedCreatedAt: null }, 5000)).age).toEqual([]);
});

test("a job stamped a little after the scrape's clock (another instance's clock) is age 0, not negative", async () => {
  expect((await valuesOf({ queued: 1, running: 0, oldestQueuedCreatedAt: 6000 }, 5000)).age).toEqual([{ labelValues: [], value: 0 }]);
});
