import path from "node:path";
import {
  createAuth,
  SCRYPT_PASSWORDS,
  type Auth,
  type PasswordHashing,
} from "./modules/accounts/auth.server.ts";
import { pruneExpiredCodes } from "./modules/accounts/confirm-identity.server.ts";
import { createDeviceCookies, type DeviceCookies } from "./modules/accounts/device-cookie.server.ts";
import { createSessionReader, type SessionReader } from "./modules/accounts/session.server.ts";
import { setUpSocialSignIn, type SocialSignIn } from "./modules/accounts/social-sign-in.server.ts";
import { studioBackupCodeOptions } from "./modules/studio/backup-codes.server.ts";
import { createBirthPlanPdfs, type BirthPlanPdfs } from "./modules/birth-plan/pdf-service.server.ts";
import { createMailer, type Mailer } from "./modules/email/outbox.server.ts";
import { createMailTransport, type MailTransport } from "./modules/email/transport.server.ts";
import { createMediaFacts, type MediaFacts } from "./modules/media/facts.server.ts";
import { createPublishedMedia, type PublishedMedia } from "#app/modules/media/versions.server.ts";
import { mediaSigningKeys } from "./modules/media/keys.server.ts";
import type { SigningKey } from "./modules/media/signing.server.ts";
import { createS3Storage, s3OptionsFromEnv } from "./modules/media/s3-storage.server.ts";
import {
  INTERRUPTED_AFTER_MS,
  removeInterruptedUploads,
  stagingDirIn,
} from "./modules/media/staging.server.ts";
import {
  BUCKETS,
  createFileStorage,
  seedMediaFromContent,
  type MediaStorage,
} from "./modules/media/storage.server.ts";
import {
  PUSH_JOB,
  pushJob,
  REMINDER_JOB,
  reminderJob,
  reminderKeys,
  scheduleMissingReminders,
} from "./modules/reminders/reminders.server.ts";
import { pushFromEnv, type PushSender } from "./modules/reminders/push.server.ts";
import { createFlashCookie, type FlashCookie } from "./modules/site/flash.server.ts";
import { createDeviceCookie, type DeviceCookie } from "./modules/offline/device.server.ts";
import { migrateToLatest, openDatabase, type DatabaseHandle, type Db } from "./platform/db.server.ts";
import type { CheckoutDeps } from "./modules/payments/checkout.server.ts";
import { createPayments, type Payments } from "./modules/payments/payments.server.ts";
import { refundOwed } from "./modules/payments/refunds.server.ts";
import { issueMissingInvoices, sellerFromEnv } from "./modules/payments/invoices.server.ts";
import { createInvoicePdfs, type InvoicePdfs } from "./modules/payments/invoice-pdfs.server.ts";
import { firstRevisionTexts } from "./modules/catalogue/content.server.ts";
import { loadFirstRevisions } from "./modules/catalogue/revisions.server.ts";
import { siteWordsSnapshot, type SiteWordsSnapshot } from "./modules/catalogue/site-words.server.ts";
import {
  sessionSettingsSnapshot,
  type SessionSettingsSnapshot,
} from "./modules/catalogue/session-settings.server.ts";
import { createClock, type Clock } from "./platform/clock.server.ts";
import { contentVersionReader, type ContentVersionReader } from "./platform/content-version.server.ts";
import { createCaptionLibrary, type CaptionLibrary } from "./modules/transcripts/captions.server.ts";
import { isSecureOrigin, type Env } from "./platform/env.server.ts";
import type { Logger } from "./platform/log.server.ts";
import { createJobRunner, pruneJobs, type JobRunner } from "./platform/jobs.server.ts";
import { GIFT_DELIVERY_JOB, giftDeliveryJob } from "./modules/payments/gifts.server.ts";
import { pruneLimits } from "./platform/rate-limit.server.ts";
import { deriveKey, loadAppSecret } from "./platform/secret.server.ts";

/**
 * The composition root: everything the server builds once at start and hands
 * to every request. Tests build their own with `createServices`.
 */
export interface AppServices {
  env: Env;
  log: Logger;
  database: DatabaseHandle;
  secret: string;
  transport: MailTransport;
  mailer: Mailer;
  auth: Auth;
  /** Google, Facebook and Apple: which are offered, and where each goes. */
  socialSignIn: SocialSignIn;
  /** The cookie that marks a browser she signed in on with her password (device-cookie.server.ts). */
  devices: DeviceCookies;
  /** Reads a member's session quickly in the everyday case (see session.server.ts). */
  sessions: SessionReader;
  flash: FlashCookie;
  /** Whose things the browser's device keeps (modules/offline/device.ts). */
  device: DeviceCookie;
  media: MediaStorage;
  mediaFacts: MediaFacts;
  /** Which version of each recording and guide members get (the seeded file until one is published). */
  publishedMedia: PublishedMedia;
  /** Keys for signed media URLs; the first signs. */
  mediaKeys: SigningKey[];
  /** The S3 endpoint's origin when media is on S3 (audio is fetched from there). */
  mediaOrigin: string | null;
  clock: Clock;
  payments: Payments;
  /** Web Push: sends a reminder to one of her devices; `publicKey` is what a browser subscribes with. */
  push: PushSender;
  /** Work done later, once, by whichever instance claims it: the daily reminders. */
  jobs: JobRunner;
  /** Her birth preferences as a PDF: made in a worker thread, kept a while, limited. */
  birthPlanPdfs: BirthPlanPdfs;
  /** Invoices and credit notes as PDFs, for the buyer and the owner: made in a worker thread, limited. */
  invoicePdfs: InvoicePdfs;
  /** The version of what the owner has published, as this instance knows it (read at most once a second). */
  contentVersion: ContentVersionReader;
  /** The recordings' captions as published, kept in memory until the content version moves. */
  captions: CaptionLibrary;
  /** The site's published words, kept in memory and read again when the content version moves on. */
  siteWords: SiteWordsSnapshot;
  /** The owner's session settings (state and place), applied to the catalogue when the content version moves. */
  sessionSettings: SessionSettingsSnapshot;
}

/** The authored content (demo recordings and guides among it), relative to where the app runs. */
export const CONTENT_DIR = path.resolve("content");

export async function createServices(
  env: Env,
  log: Logger,
  options: {
    database?: DatabaseHandle;
    /** Only the data-layer tests bring their own: a cheap scrypt, as most tests are not about its cost. */
    passwords?: PasswordHashing;
  } = {},
): Promise<AppServices> {
  const database = options.database ?? openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0) log.info({ migrations: applied }, "database migrated");
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  const secret = loadAppSecret(env.DATA_DIR, env.APP_SECRET);
  // The words in content/ are each piece's first revision: loaded once, whichever instance starts first.
  const loaded = await loadFirstRevisions(database.db, firstRevisionTexts);
  if (loaded > 0) log.info({ pieces: loaded }, "the site's words loaded from content/");
  const contentVersion = contentVersionReader(database.db);
  const transport = createMailTransport({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    dataDir: env.DATA_DIR,
    baseUrl: env.BASE_URL,
    log,
  });
  const clock = createClock(env.TEST_CLOCK_FILE, env.demo);
  const mailer = createMailer({ db: database.db, transport, log, clock });
  const push = pushFromEnv(env, log);
  const jobs = createJobRunner({
    db: database.db,
    log,
    clock,
    handlers: {
      [REMINDER_JOB]: reminderJob({
        baseUrl: env.BASE_URL,
        unsubscribeKey: reminderKeys(secret).unsubscribe,
        deliverSoon: (id) => mailer.deliverSoon(id),
        log,
      }),
      [PUSH_JOB]: pushJob(push),
      [GIFT_DELIVERY_JOB]: giftDeliveryJob({
        baseUrl: env.BASE_URL,
        deliverSoon: (id) => mailer.deliverSoon(id),
      }),
    },
  });
  const socialSignIn = await setUpSocialSignIn(env, log);
  const devices = createDeviceCookies(deriveKey(secret, "device-cookie"), isSecureOrigin(env.BASE_URL));
  const auth = createAuth({
    db: database.db,
    dialect: database.dialect,
    env,
    secret,
    mailer,
    log,
    socialSignIn,
    devices,
    backupCodes: studioBackupCodeOptions,
    passwords: options.passwords ?? SCRYPT_PASSWORDS,
  });
  const flash = createFlashCookie(deriveKey(secret, "flash").toString("hex"), isSecureOrigin(env.BASE_URL));
  const device = createDeviceCookie(isSecureOrigin(env.BASE_URL));
  // On S3 the bucket is filled by `npm run media:upload`, not seeded at start.
  const s3 = s3OptionsFromEnv(env);
  const mediaRoot = path.join(env.DATA_DIR, "media");
  if (!s3) seedMediaFromContent(CONTENT_DIR, mediaRoot);
  const media = s3 ? createS3Storage(s3) : createFileStorage(mediaRoot);
  const publishedMedia = createPublishedMedia(database.db, contentVersion);
  return {
    env,
    log,
    database,
    secret,
    transport,
    mailer,
    auth,
    socialSignIn,
    devices,
    sessions: createSessionReader(auth, database.db),
    flash,
    device,
    media,
    mediaFacts: createMediaFacts(media, Date.now, publishedMedia),
    publishedMedia,
    mediaKeys: mediaSigningKeys(secret, env.MEDIA_SIGNING_KEYS),
    mediaOrigin: s3 ? new URL(s3.endpoint).origin : null,
    clock,
    payments: await createPayments(env, log),
    push,
    jobs,
    birthPlanPdfs: createBirthPlanPdfs(),
    invoicePdfs: createInvoicePdfs(),
    contentVersion,
    captions: createCaptionLibrary(database.db, contentVersion),
    siteWords: siteWordsSnapshot(database.db, contentVersion),
    sessionSettings: sessionSettingsSnapshot(database.db, contentVersion),
  };
}

/**
 * The server's own rounds, from start until stopped (the returned function):
 * every five minutes, refund any second payment still owed (the provider was
 * down when it came in) and issue any invoice or credit note a crash left
 * unissued (at start too); hourly, forget abuse-limit counters whose windows
 * ended a day ago and confirmation codes that have expired, so neither table
 * grows under attack nor keeps what it no longer needs.
 */
export function startHousekeeping(services: AppServices): () => void {
  const { database, log } = services;
  const every = (minutes: number, work: () => Promise<unknown>) => {
    const run = () => work().catch((error) => log.warn({ err: error }, "housekeeping failed"));
    const timer = setInterval(run, minutes * 60_000);
    timer.unref();
    void run();
    return timer;
  };
  const timers = [
    every(5, () => refundOwed(paymentDeps(services))),
    every(5, () =>
      issueMissingInvoices(database.db, {
        seller: sellerFromEnv(services.env),
        at: services.clock.now(),
        listPriceMinor: services.payments.price.amountMinor,
      }),
    ),
    every(60, () => tidyUp(database.db)),
    // A reminder chain broken by a job that died is mended within the hour.
    every(60, () => scheduleMissingReminders(database.db, services.clock.now())),
    every(60, () =>
      removeInterruptedUploads(uploadFolders(services), new Date(Date.now() - INTERRUPTED_AFTER_MS)),
    ),
  ];
  return () => timers.forEach((timer) => clearInterval(timer));
}

/** Where an upload cut short can leave a file: the staging folder, and the media folders when media are files here. */
function uploadFolders({ env, media }: AppServices): string[] {
  const staging = stagingDirIn(env.DATA_DIR);
  if (media.kind !== "files") return [staging];
  return [staging, ...BUCKETS.map((bucket) => path.join(env.DATA_DIR, "media", bucket))];
}

export async function tidyUp(db: Db, now = new Date()) {
  await pruneLimits(db, 86_400, now.getTime());
  await pruneExpiredCodes(db, now);
  await pruneJobs(db, now);
}

export async function closeServices(services: AppServices) {
  // Let a round of jobs and email already on its way finish before the connections close.
  await services.jobs.stop();
  await services.mailer.settled();
  services.mailer.stop();
  await services.payments.close();
  await services.socialSignIn.close();
  await services.birthPlanPdfs.close();
  await services.invoicePdfs.close();
  await services.database.close();
}

/** What the checkout needs outside a request (the sweep of refunds owed). */
export function paymentDeps({
  database,
  payments,
  mailer,
  env,
  log,
}: Pick<AppServices, "database" | "payments" | "mailer" | "env" | "log">): CheckoutDeps {
  return {
    db: database.db,
    payments,
    mailer,
    log,
    grant: {
      price: payments.price,
      baseUrl: env.BASE_URL,
      supportEmail: env.SUPPORT_EMAIL,
      seller: sellerFromEnv(env),
    },
  };
}
