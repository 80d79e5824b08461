import type { ChallengeVerifier } from "../auth/challenge.ts";
import type { Log } from "../log.ts";
import type { Db } from "../store/database.ts";

/** What the account and admin logic needs from the running service. */
export interface AccountDeps {
  db: Db;
  log: Log;
  challenge: ChallengeVerifier;
  /** KEY_PREFIX: the start of every API key this service issues. */
  keyPrefix: string;
  now: () => number;
}

/** The account logic's view of the app's dependencies; the clock is the scan API's, so tests share one. */
export function accountDepsFrom(deps: { db: Db; log: Log; challenge: ChallengeVerifier; config: { KEY_PREFIX: string }; scanApi: { now: () => number } }): AccountDeps {
  return { db: deps.db, log: deps.log, challenge: deps.challenge, keyPrefix: deps.config.KEY_PREFIX, now: deps.scanApi.now };
}
