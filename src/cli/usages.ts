/**
 * Every command's usage text, apart from the commands themselves: `--help` prints them without loading
 * any command (nor its analyzers, database or HTTP framework).
 */

export const KEYS_USAGE = `sightline keys create <name>   Create an operator key; prints the key once (it is never shown again).
sightline keys list [--json]    List every key: id, name, visible start, owner, created, last used, status.
sightline keys revoke <id>      Revoke a key; the next request that uses it is refused.`;

export const MIGRATE_USAGE = `sightline migrate
sightline migrate --from sqlite:<path>      (into the PostgreSQL database DATABASE_URL names)

Without options: applies every pending migration to the configured database (DATABASE_URL, else
DATABASE_PATH). \`serve\` does this at start as well.

With --from: copies a whole installation (settings, accounts, keys, sessions, scans with their
artifacts, the queue, rate-limit and sign-in records) from a SQLite file into a new PostgreSQL database,
keeping every id, then prints each table's row count on both sides. The target is DATABASE_URL, read
from the environment so that its password stays off the command line (--to postgres://… is accepted
only without a password). It is migrated first if it is not yet, and must hold no data. Stop the server
that uses the SQLite file first: the copy reads it as one snapshot and holds its write lock until done. Progress goes to stderr; the password never appears.
Both "--from X" and "--from=X" work.

Exit codes: 0 done and every count matches; 1 the source is missing, the target holds data, the schemas
differ or a count differs (the target is then left empty); 2 bad usage.`;

export const SCAN_USAGE = `sightline scan <url> [--format text|json|markdown] [--pages N] [--min-score N]

Scans one site for AI visibility in this process (no server needed) and prints a summary:
score, grade, pillars and top issues with their fixes.

  --format F       text (the default): the summary for a terminal; json: the full scan record (the
                   same record the API serves); markdown: a summary for a pull-request comment (grade,
                   reach by AI platform, failing templates with example URLs, top issues).
  --json           The same as --format json.
  --pages N        How many pages of the site to sample and judge, the homepage first (1-500; default
                   SCAN_PAGES_PIPELINE_DEFAULT, 25).
  --min-score N    Exit with 1 when the score is below N (0-100); for CI pipelines.
                   Both "--min-score 70" and "--min-score=70" work, and so for the other options.

Exit codes: 0 the scan ran (and met --min-score), 1 the score is below --min-score or the site could
not be scanned, 2 bad usage.`;

export const RESCORE_USAGE = `sightline rescore --domain <domain> | --all

Runs this build's audits and scoring again on the artifacts stored with a scan, without fetching
anything, and stores the result as a new record; the old record is kept. After an upgrade that changed
the audits or scoring, this brings reports up to date without scanning again. It works on the service
SERVICE names (visibility or schema) in DATABASE_PATH, and may run while the server runs.

  --domain D   Re-score the latest stored scan of D, written as for a scan (example.com,
               https://www.example.com/pricing). Both "--domain D" and "--domain=D" work.
  --all        Re-score the latest stored scan of every domain stored when the run starts, one
               domain at a time, printing "[N/M] domain: ..." as it goes and a summary at the end.

The new record keeps the scan's scannedAt (when the site was fetched: nothing is fetched again) and
adds rescoredFrom {scanId, scannedAt, rescoredAt, version}. Skipped, with their reason: latest scans
that failed, that stored no artifacts, or whose artifacts this build cannot read.

Exit codes: 0 done (with --all, skipped scans included); 1 --domain has no stored scan or was skipped,
the audits or scoring failed on a scan, or a record could not be stored; 2 bad usage.`;

export const LIMITS_USAGE = `sightline limits list [--json]    The rate-limit buckets holding requests in their window, busiest first.
sightline limits clear <bucket>   Forget a bucket's counted requests, so its limit starts afresh.

A bucket is an IP address (its /64 for IPv6), a domain, or key:<id>, typed as such or as listed
(ip:203.0.113.7, domain:example.com, key:3; check-… for checks of pasted markup). Clearing is logged.
It uses the server's database (DATABASE_PATH or DATABASE_URL) and may run while the server runs.`;

export const ANSWERS_USAGE = `sightline answers run --domain D --prompt "..." [--prompt "..."]... [--engines openai,anthropic,gemini,perplexity]
                      [--samples N] [--brand NAME]... [--competitor D]... [--json]

Asks AI answer engines each prompt N times, through their APIs with web search and the operator's keys,
and reports for each engine whether the domain is cited (k of n samples, with a 95% interval), whether
the brand is named, the domain's position among the cited domains and the other domains cited. Needs no
account or database. An engine is on when its key is set (OPENAI_API_KEY, ANTHROPIC_API_KEY,
GEMINI_API_KEY, PERPLEXITY_API_KEY); see docs/answers.md. API answers can differ from the apps'.

  --domain D        The site, as for a scan (example.com, https://www.example.com/).
  --prompt TEXT     A question to ask, up to 2000 characters; repeat for more (at most 20).
  --engines LIST    Comma-separated engines to ask (default: every configured one).
  --samples N       Times each prompt is asked of each engine, 1 to 10 (default 3).
  --brand NAME      A name or alias of the brand to look for in answers; repeat for more (at most 20).
                    Default: the domain's name (acme for acme.com) and the domain.
  --competitor D    A competitor's domain, for share of voice; repeat for more (at most 20).
  --json            Print every sample and the summary as JSON.
Every option also takes its value after "=" (--samples=5).

Exit codes: 0 the run got at least one answer; 1 every sample was unavailable (error, timeout, no
sources); 2 bad usage, or no engine configured.`;

export const ALERTS_USAGE = `sightline alerts test-mail --to ADDRESS

Sends one test mail through SMTP_URL (from SMTP_FROM), as alerts of watched domains are sent, and says
whether the server took it. Exit codes: 0 sent; 1 the server refused it or could not be reached (the
reason is printed, without the URL's password); 2 bad usage or SMTP_URL unset.`;
