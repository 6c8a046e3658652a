/**
 * The end-to-end files that run a second time with the server on PostgreSQL
 * (scripts/test.sh, when TEST_DATABASE_URL is set), and why. The data-layer
 * tests already run every query on both engines; what only a running server
 * shows is how the engine-specific code behaves under it: row locks and
 * conflicts between concurrent requests and instances, triggers, the jobs
 * table taken by two instances, the studio's searches. Each file names the
 * engine-specific modules it drives; `on-postgres.test.ts` fails when such a
 * module is driven by no file here (docs/decisions/0004-testing.md).
 *
 *   node tests/e2e/support/on-postgres.ts   prints the files, one per line
 */
export interface OnPostgres {
  why: string;
  /** The engine-specific modules (see `engineSpecific` in the test) this file drives through the server. */
  drives: string[];
}

export const ON_POSTGRES: Record<string, OnPostgres> = {
  "tests/e2e/invoices.test.ts": {
    why: "an invoice numbered in the grant's transaction under the counter row's lock, the crash sweep taking the purchase's row, and the owner's export of a period by timestamps",
    drives: ["app/modules/payments/invoices.server.ts"],
  },
  "tests/e2e/studio-media.test.ts": {
    why: "the owner's uploads and publishes: versions numbered on conflict, one published under row locks, the content version moved on in the same transaction",
    drives: ["app/modules/media/versions.server.ts", "app/platform/content-version.server.ts"],
  },
  "tests/e2e/studio-words.test.ts": {
    why: "a publish from the studio read by a second instance on the same database; a piece's saves taking turns on its first revision's row",
    drives: ["app/modules/catalogue/revisions.server.ts"],
  },
  "tests/e2e/studio-sessions.test.ts": {
    why: "the owner's session settings written on conflict, with the content version moved on in the same transaction, and read back by the catalogue's snapshot",
    drives: ["app/modules/catalogue/session-settings.server.ts"],
  },
  "tests/e2e/instances.test.ts": {
    why: "two instances on one database: shared sessions and limits, the first start migrating an empty database",
    drives: ["app/platform/rate-limit.server.ts", "app/platform/db.server.ts"],
  },
  "tests/e2e/security-auth.test.ts": {
    why: "every auth limit fired concurrently: the atomic counters' upsert under PostgreSQL's row locks; the members it signs up over HTTP, each with the profile made beside the account on conflict",
    drives: [
      "app/platform/rate-limit.server.ts",
      "app/modules/accounts/confirm-identity.server.ts",
      "app/modules/accounts/profile.server.ts",
    ],
  },
  "tests/e2e/offers.test.ts": {
    why: "a code made in the studio and paid with at checkout: its use held under the offer's row lock, then counted in the grant",
    drives: ["app/modules/payments/offers.server.ts"],
  },
  "tests/e2e/gifts.test.ts": {
    why: "a gift recorded with its payment (made on conflict), its delivery job taken on its day, its redeem a conditional update under the recipient's access row lock, its refund through the owner's path",
    drives: ["app/modules/payments/gifts.server.ts"],
  },
  "tests/e2e/checkout.test.ts": {
    why: "payments confirmed by webhook and by the page at once: one paid purchase per member, the grants waiting on her access row (made on conflict)",
    drives: ["app/modules/payments/fulfilment.server.ts", "app/modules/payments/access.server.ts"],
  },
  "tests/e2e/studio.test.ts": {
    why: "the studio's member search (PostgreSQL's own text search), overview, insights and its second factor",
    drives: [
      "app/modules/studio/members.server.ts",
      "app/modules/studio/figures.server.ts",
      "app/modules/studio/insights.server.ts",
      "app/modules/studio/studio.server.ts",
    ],
  },
  "tests/e2e/studio-time-zone.test.ts": {
    why: "the owner's time zone, saved over what was there (an upsert in each engine's SQL)",
    drives: ["app/modules/studio/settings.server.ts"],
  },
  "tests/e2e/studio-inbox.test.ts": {
    why: "the studio's inbox: threads grouped and searched in each engine's SQL",
    drives: ["app/modules/contact/inbox.server.ts"],
  },
  "tests/e2e/contact.test.ts": {
    why: "contact messages filed into threads as they arrive",
    drives: ["app/modules/contact/inbox.server.ts"],
  },
  "tests/e2e/partner-seat.test.ts": {
    why: "the partner seat: both accounts locked in turn, so no race links two seats",
    drives: ["app/modules/partner/seat.server.ts"],
  },
  "tests/e2e/portal-freshness.test.ts": {
    why: "kept portal pages follow each member's data version, which the engines' triggers move",
    drives: ["db/migrations"],
  },
  "tests/e2e/security-access.test.ts": {
    why: "the access matrix: every route as four kinds of visitor, every member query on the engine",
    drives: ["app/modules/listening/listening.server.ts", "app/modules/program/program.server.ts"],
  },
  "tests/e2e/security-deletion.test.ts": {
    why: "deletion leaves no row that mentions her: the list of tables against the live schema",
    drives: ["app/modules/accounts/own-data.server.ts", "app/modules/accounts/confirm-identity.server.ts"],
  },
  "tests/e2e/reminders.test.ts": {
    why: "reminders queued as jobs, each taken once; her reminder setting saved into its row, made on conflict",
    drives: ["app/platform/jobs.server.ts", "app/modules/reminders/reminder-settings.server.ts"],
  },
  "tests/e2e/push.test.ts": {
    why: "push devices saved and removed in turn per member, ten at most",
    drives: ["app/modules/reminders/push.server.ts"],
  },
  "tests/e2e/programme.test.ts": {
    why: "programme writes: a day ticked, a practice counted once, the streak in one conditional update, her programme's row made on conflict",
    drives: [
      "app/modules/program/program.server.ts",
      "app/modules/listening/listening.server.ts",
      "app/modules/program/programme-settings.server.ts",
    ],
  },
  "tests/e2e/security-labour.test.ts": {
    why: "the labour history saved from several devices in turn",
    drives: ["app/modules/labour/history.server.ts"],
  },
  "tests/e2e/birth-preferences.test.ts": {
    why: "the birth preferences' versions and comments written in turn",
    drives: ["app/modules/birth-plan/store.server.ts"],
  },
  "tests/e2e/studio-captions.test.ts": {
    why: "a publish moves the shared content version in its own transaction, and the captions every page reads follow it",
    drives: ["app/platform/content-version.server.ts"],
  },
};

if (import.meta.main) process.stdout.write(`${Object.keys(ON_POSTGRES).join("\n")}\n`);
