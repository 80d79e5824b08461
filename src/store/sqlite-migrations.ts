/**
 * SQLite's numbered schema migrations (PostgreSQL has its own, in postgres-migrations.ts). Each runs once, in order, inside a transaction; the applied version
 * is kept in SQLite's `user_version`. Never edit a migration that has shipped: add the next one.
 *
 * Times are INTEGER milliseconds since the Unix epoch throughout, so that comparisons are plain
 * integer comparisons and a PostgreSQL backend can use BIGINT for the same columns.
 */
import type { Migration } from "./database.ts";

export const sqliteMigrations: readonly Migration[] = [
  {
    version: 1,
    name: "initial",
    sql: `
      CREATE TABLE settings (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;

      CREATE TABLE users (
        id            INTEGER PRIMARY KEY,
        email         TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        created_at    INTEGER NOT NULL
      ) STRICT;

      -- user_id is NULL for keys an operator created from the command line.
      CREATE TABLE api_keys (
        id            INTEGER PRIMARY KEY,
        user_id       INTEGER REFERENCES users(id) ON DELETE CASCADE,
        name          TEXT NOT NULL,
        key_hash      BLOB NOT NULL UNIQUE,
        visible_start TEXT NOT NULL,
        created_at    INTEGER NOT NULL,
        last_used_at  INTEGER,
        revoked_at    INTEGER
      ) STRICT;
      CREATE INDEX api_keys_by_user ON api_keys(user_id);

      -- Every completed scan is kept (history); the newest per domain is the one served.
      CREATE TABLE scans (
        id          INTEGER PRIMARY KEY,
        domain      TEXT NOT NULL,
        status      TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
        score       INTEGER,
        scanned_at  INTEGER NOT NULL,
        record      TEXT NOT NULL,
        artifacts   TEXT,
        caller_kind TEXT NOT NULL,
        api_key_id  INTEGER REFERENCES api_keys(id) ON DELETE SET NULL
      ) STRICT;
      CREATE INDEX scans_latest_by_domain ON scans(domain, scanned_at DESC, id DESC);
      CREATE INDEX scans_by_time ON scans(scanned_at DESC);

      -- The durable queue. A job is claimed by writing a fresh lease token; only the holder of the
      -- current token may heartbeat, complete or fail it.
      CREATE TABLE jobs (
        id               INTEGER PRIMARY KEY,
        domain           TEXT NOT NULL,
        state            TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed')),
        caller_kind      TEXT NOT NULL,
        api_key_id       INTEGER REFERENCES api_keys(id) ON DELETE SET NULL,
        attempts         INTEGER NOT NULL DEFAULT 0,
        run_after        INTEGER NOT NULL,
        lease_token      TEXT,
        lease_expires_at INTEGER,
        last_error       TEXT,
        created_at       INTEGER NOT NULL,
        updated_at       INTEGER NOT NULL
      ) STRICT;
      -- At most one queued or running job per domain: concurrent requests join it.
      CREATE UNIQUE INDEX jobs_one_active_per_domain ON jobs(domain) WHERE state IN ('queued', 'running');
      CREATE INDEX jobs_claimable ON jobs(state, run_after);

      -- Sliding-window rate limiting: one row per admitted scan per bucket.
      CREATE TABLE rate_events (
        bucket TEXT NOT NULL,
        at     INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX rate_events_by_bucket ON rate_events(bucket, at);

      -- Refusals are kept for a day so that operators can see who is being turned away.
      CREATE TABLE rate_refusals (
        id                  INTEGER PRIMARY KEY,
        bucket              TEXT NOT NULL,
        at                  INTEGER NOT NULL,
        retry_after_seconds INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX rate_refusals_by_time ON rate_refusals(at);

      -- Challenge solutions already accepted, so that a replayed solution is refused.
      CREATE TABLE used_challenges (
        digest     TEXT PRIMARY KEY,
        expires_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX used_challenges_by_expiry ON used_challenges(expires_at);
    `,
  },
  {
    version: 2,
    name: "sessions and login throttling",
    sql: `
      -- Signed-in browsers. Only the SHA-256 of the cookie's token is kept, so a copy of the database
      -- cannot be used to sign in. user_id is NULL for the admin (configured, not a users row).
      CREATE TABLE sessions (
        token_hash          BLOB PRIMARY KEY,
        kind                TEXT NOT NULL CHECK (kind IN ('user', 'admin')),
        user_id             INTEGER REFERENCES users(id) ON DELETE CASCADE,
        created_at          INTEGER NOT NULL,
        last_seen_at        INTEGER NOT NULL,
        idle_expires_at     INTEGER NOT NULL,
        absolute_expires_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX sessions_by_user ON sessions(user_id);
      CREATE INDEX sessions_by_expiry ON sessions(idle_expires_at);

      -- Failed sign-ins per subject (a client IP, or the SHA-256 of an email address), for growing delays.
      CREATE TABLE login_failures (
        subject        TEXT PRIMARY KEY,
        failures       INTEGER NOT NULL,
        locked_until   INTEGER NOT NULL,
        last_failed_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX login_failures_by_time ON login_failures(last_failed_at);
    `,
  },
  {
    version: 3,
    name: "jobs carry the URL asked for",
    sql: `
      -- The page a schema scan analyses; NULL means the domain's homepage. The domain stays the key.
      ALTER TABLE jobs ADD COLUMN target_url TEXT;
    `,
  },
  {
    version: 4,
    name: "jobs report their progress",
    sql: `
      -- The running scan's latest progress as JSON ({"done":3,"total":9,"step":"…"}); NULL until it reports.
      -- No claim time is added: a running job's updated_at moves with every heartbeat, and pollers need only the queue time (created_at).
      ALTER TABLE jobs ADD COLUMN progress TEXT;
    `,
  },
  {
    version: 5,
    name: "new keys shown once after a redirect; scans by key",
    sql: `
      -- A key just created waits here for the page the browser is redirected to (Post/Redirect/Get), which
      -- takes it and deletes it. It is sealed with AES-GCM under a key derived from the session's cookie
      -- token, which the database never holds (sessions keep only its hash): this table alone reveals nothing.
      CREATE TABLE key_flashes (
        id           INTEGER PRIMARY KEY,
        session_hash BLOB NOT NULL REFERENCES sessions(token_hash) ON DELETE CASCADE,
        sealed       BLOB NOT NULL,
        expires_at   INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX key_flashes_by_session ON key_flashes(session_hash);
      CREATE INDEX key_flashes_by_expiry ON key_flashes(expires_at);

      -- "My scans": the scans asked for with a user's keys, newest first.
      CREATE INDEX scans_by_api_key ON scans(api_key_id, scanned_at DESC);
    `,
  },
  {
    version: 6,
    name: "schema records, cache and joins per page",
    sql: `
      -- The page a scan analysed (the schema service); NULL means the domain's homepage, and every
      -- visibility scan. Records are read per page, and per domain for the domain's latest.
      ALTER TABLE scans ADD COLUMN page_url TEXT;
      CREATE INDEX scans_latest_by_page ON scans(domain, coalesce(page_url, ''), scanned_at DESC, id DESC);

      -- One active job per page instead of per domain: a request for another page of the domain queues
      -- its own job. The visibility service queues every job with target_url NULL, so it stays per domain.
      DROP INDEX jobs_one_active_per_domain;
      CREATE UNIQUE INDEX jobs_one_active_per_page ON jobs(domain, coalesce(target_url, '')) WHERE state IN ('queued', 'running');
    `,
  },
  {
    version: 7,
    name: "grade and re-score facts in columns",
    sql: `
      -- Written when a record is stored (analyzers/record-facts.ts), so that history pages never read records:
      -- parsing each record for them cost seconds a page once records grew to megabytes. Existing rows are
      -- filled from their records, once, here.
      ALTER TABLE scans ADD COLUMN grade TEXT;
      ALTER TABLE scans ADD COLUMN rescored INTEGER NOT NULL DEFAULT 0;
      UPDATE scans SET grade = CASE WHEN json_type(record, '$.result.grade') = 'text' THEN json_extract(record, '$.result.grade') END,
                       rescored = CASE WHEN json_type(record, '$.rescoredFrom') IS NOT NULL AND json_type(record, '$.rescoredFrom') <> 'null' THEN 1 ELSE 0 END
       WHERE json_valid(record);
    `,
  },
  {
    version: 8,
    name: "AI answers: watched domains, prompts, runs, samples, budgets and spend",
    sql: `
      -- A domain a user watches for what AI answer engines say about it. Names and competitors are JSON
      -- arrays of strings; engines NULL means every configured engine.
      CREATE TABLE answer_watches (
        id          INTEGER PRIMARY KEY,
        user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        domain      TEXT NOT NULL,
        brand_names TEXT NOT NULL,
        competitors TEXT NOT NULL,
        engines     TEXT,
        samples     INTEGER NOT NULL,
        schedule    TEXT NOT NULL CHECK (schedule IN ('none', 'daily', 'weekly')),
        next_run_at INTEGER,
        created_at  INTEGER NOT NULL,
        updated_at  INTEGER NOT NULL,
        UNIQUE (user_id, domain)
      ) STRICT;
      CREATE INDEX answer_watches_by_domain ON answer_watches(domain);
      CREATE INDEX answer_watches_due ON answer_watches(next_run_at) WHERE schedule <> 'none';

      CREATE TABLE answer_prompts (
        id           INTEGER PRIMARY KEY,
        watch_id     INTEGER NOT NULL REFERENCES answer_watches(id) ON DELETE CASCADE,
        name         TEXT NOT NULL,
        prompt       TEXT NOT NULL,
        prompt_group TEXT,
        created_at   INTEGER NOT NULL,
        UNIQUE (watch_id, name)
      ) STRICT;

      -- A run asks every prompt of a watch of every engine, samples times. It is claimed with a lease
      -- as scan jobs are; reserved_micros is its estimated cost (US dollars x 10^6), held against the
      -- budgets while it is queued or running and replaced by spent_micros when it ends.
      CREATE TABLE answer_runs (
        id               INTEGER PRIMARY KEY,
        watch_id         INTEGER NOT NULL REFERENCES answer_watches(id) ON DELETE CASCADE,
        user_id          INTEGER NOT NULL,
        month            TEXT NOT NULL,
        started_by       TEXT NOT NULL CHECK (started_by IN ('manual', 'schedule')),
        state            TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed')),
        plan_json        TEXT NOT NULL,
        reserved_micros  INTEGER NOT NULL,
        spent_micros     INTEGER NOT NULL,
        attempts         INTEGER NOT NULL,
        lease_token      TEXT,
        lease_expires_at INTEGER,
        last_error       TEXT,
        created_at       INTEGER NOT NULL,
        finished_at      INTEGER,
        updated_at       INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX answer_runs_by_watch ON answer_runs(watch_id, created_at DESC, id DESC);
      CREATE INDEX answer_runs_active ON answer_runs(state, month) WHERE state IN ('queued', 'running');

      CREATE TABLE answer_samples (
        id           INTEGER PRIMARY KEY,
        run_id       INTEGER NOT NULL REFERENCES answer_runs(id) ON DELETE CASCADE,
        prompt_id    INTEGER REFERENCES answer_prompts(id) ON DELETE SET NULL,
        prompt_text  TEXT NOT NULL,
        engine       TEXT NOT NULL,
        sample       INTEGER NOT NULL,
        status       TEXT NOT NULL CHECK (status IN ('ok', 'unavailable')),
        cited        INTEGER,
        mentioned    INTEGER,
        position     INTEGER,
        cost_micros  INTEGER NOT NULL,
        asked_at     INTEGER NOT NULL,
        result       TEXT NOT NULL
      ) STRICT;
      CREATE INDEX answer_samples_by_run ON answer_samples(run_id, id);

      -- What the operator grants an account per month; no row means 0: the account tracks nothing.
      CREATE TABLE answer_budgets (
        user_id        INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        monthly_micros INTEGER NOT NULL,
        updated_at     INTEGER NOT NULL
      ) STRICT;

      -- Spent per account, engine and month (YYYY-MM, UTC). Kept when an account is deleted: the
      -- service's monthly limit counts what was spent.
      CREATE TABLE answer_spend (
        user_id INTEGER NOT NULL,
        month   TEXT NOT NULL,
        engine  TEXT NOT NULL,
        micros  INTEGER NOT NULL,
        calls   INTEGER NOT NULL,
        PRIMARY KEY (user_id, month, engine)
      ) STRICT;
      CREATE INDEX answer_spend_by_month ON answer_spend(month);
    `,
  },
  {
    version: 9,
    name: "alerts of watched domains: webhook and email settings, the deliveries with their log",
    sql: `
      -- Where a watch's alerts go. The webhook's signing secret is sealed (AES-256-GCM under the server's
      -- sealing key, answers/alerts/webhook-secret.ts), never stored in plain text. seen_scan_id and
      -- seen_run_id are what the last comparison used: a newer scan or run is compared against them once.
      CREATE TABLE watch_alerts (
        watch_id          INTEGER PRIMARY KEY REFERENCES answer_watches(id) ON DELETE CASCADE,
        webhook_url       TEXT,
        webhook_secret    BLOB,
        email             INTEGER NOT NULL,
        share_drop_points INTEGER NOT NULL,
        seen_scan_id      INTEGER,
        seen_run_id       INTEGER,
        updated_at        INTEGER NOT NULL
      ) STRICT;

      -- One alert to one channel, retried with backoff until delivered or given up; claimed with a
      -- lease, so a restart resumes a pending delivery and two instances never send one twice at once.
      CREATE TABLE alert_deliveries (
        id               INTEGER PRIMARY KEY,
        watch_id         INTEGER NOT NULL REFERENCES answer_watches(id) ON DELETE CASCADE,
        channel          TEXT NOT NULL CHECK (channel IN ('webhook', 'email')),
        target           TEXT NOT NULL,
        payload          TEXT NOT NULL,
        state            TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'delivered', 'failed')),
        attempts         INTEGER NOT NULL,
        next_attempt_at  INTEGER NOT NULL,
        lease_token      TEXT,
        lease_expires_at INTEGER,
        last_status      INTEGER,
        last_error       TEXT,
        attempt_log      TEXT NOT NULL,
        created_at       INTEGER NOT NULL,
        updated_at       INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX alert_deliveries_due ON alert_deliveries(next_attempt_at) WHERE state IN ('pending', 'sending');
      CREATE INDEX alert_deliveries_by_watch ON alert_deliveries(watch_id, id DESC);
      CREATE INDEX alert_deliveries_by_time ON alert_deliveries(created_at);
    `,
  },
  {
    version: 10,
    name: "site-wide scans: the page budget, and a verdict per sampled page",
    sql: `
      -- The page budget a site-wide scan was asked for, carried by its job and kept with its record: a
      -- record scanned with a smaller budget than a request asks for does not satisfy it from the cache.
      -- NULL: a scan from before budgets (it read the homepage and a few pages) or a single-page service.
      ALTER TABLE jobs ADD COLUMN pages INTEGER;
      ALTER TABLE scans ADD COLUMN pages_budget INTEGER;

      -- The verdict on each sampled page, tied to the scan row that judged it, so history never mixes
      -- scans (a re-scored row holds its own regenerated verdicts). The filterable facts sit in columns;
      -- unreached lists the AI platforms that cannot find or read the page as ",id,id," for a LIKE match.
      CREATE TABLE scan_pages (
        scan_id   INTEGER NOT NULL REFERENCES scans(id) ON DELETE CASCADE,
        position  INTEGER NOT NULL,
        template  TEXT NOT NULL,
        verdict   TEXT NOT NULL,
        status    INTEGER,
        unreached TEXT NOT NULL,
        page      TEXT NOT NULL,
        PRIMARY KEY (scan_id, position)
      ) STRICT;
      CREATE INDEX scan_pages_by_template ON scan_pages(scan_id, template, position);
    `,
  },
];
