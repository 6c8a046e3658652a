import type { ColumnType, Generated, SqlBool } from "kysely";

/**
 * The database as Kysely sees it. Both engines run the same queries, but they
 * hand values back differently, so the read types say so:
 * - booleans are 0/1 on SQLite and true/false on PostgreSQL (`SqlBool`);
 * - timestamps are ISO text on SQLite and Date objects on PostgreSQL;
 * - calendar dates are 'yyyy-MM-dd' text on both (PostgreSQL's parser is told so).
 * Module code reads rows through small mappers that turn them into plain values.
 */

/** A point in time: written as an ISO-8601 string or a Date. */
type Timestamp = ColumnType<Date | string, Date | string, Date | string>;
/** A point in time the database fills in on insert. */
type CreatedAt = ColumnType<Date | string, Date | string | undefined, Date | string>;
/** A calendar date, 'yyyy-MM-dd'. */
type CalendarDate = string;
type Bool = ColumnType<SqlBool, boolean | undefined, boolean>;

// Better Auth's tables keep its own column names.
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: ColumnType<SqlBool, boolean, boolean>;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** "member" or "owner" (Better Auth's admin plugin). */
  role: ColumnType<string, string | undefined, string>;
  banned: ColumnType<SqlBool | null, boolean | undefined, boolean>;
  banReason: string | null;
  banExpires: Timestamp | null;
  twoFactorEnabled: ColumnType<SqlBool | null, boolean | undefined, boolean>;
}

export interface SessionTable {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  impersonatedBy: string | null;
}

interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Timestamp | null;
  refreshTokenExpiresAt: Timestamp | null;
  scope: string | null;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

type SubscriptionTier = "free" | "premium";

export interface ProfilesTable {
  /** Equals the user's id. */
  id: string;
  /** IANA time zone the member's days are counted in. */
  time_zone: Generated<string>;
  /** She chose her time zone by hand: her devices' own zone no longer replaces it. */
  time_zone_chosen: Bool;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface AudioProgressTable {
  id: string;
  user_id: string;
  audio_id: string;
  audio_title: string;
  completed: Bool;
  listened_offline: Bool;
  completion_date: Timestamp | null;
  /** 0 when the listen is not tied to a programme day. */
  scheduled_week: Generated<number>;
  scheduled_day: Generated<number>;
  play_count: Generated<number>;
  /** Where the member stopped in the track (on the library row, week 0 day 0). */
  position_seconds: Generated<number>;
  /** The id of the last finished listen counted (library row), so a report sent again counts once. */
  last_listen_id: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

interface ProgramScheduleTable {
  id: string;
  user_id: string;
  week_number: number;
  day_of_week: number;
  activity: string;
  scheduled_date: CalendarDate;
  completed: Bool;
  completed_at: Timestamp | null;
  created_at: CreatedAt;
}

interface UserProgressTable {
  user_id: string;
  daily_audio_completed: Bool;
  last_daily_audio_date: CalendarDate | null;
  affirmation_streak: Generated<number>;
  longest_streak: Generated<number>;
  /** Her last rest day: one missed day a week that kept her streak going. */
  last_rest_day: CalendarDate | null;
  updated_at: CreatedAt;
}

interface ShareTokensTable {
  token: string;
  user_id: string;
  created_at: CreatedAt;
}

interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  /**
   * The member who sent it, signed in, with her own address (migration 0025); null when nobody
   * confirmed the address: the public form takes any.
   */
  sender_id: string | null;
  created_at: CreatedAt;
}

/**
 * One thread of the contact inbox (migration 0023): every message sent in one address's name, the
 * confirmed ones (`sender_id` set) and the others apart (migration 0025).
 */
interface ContactThreadsTable {
  /** Random: the thread's address in the studio, never the visitor's own. */
  id: string;
  /** Normalised, as `contact_messages.email`. */
  address: string;
  /** Its messages came from the signed-in member with this address; false: nobody confirmed it. */
  confirmed: Bool;
  last_activity_at: Timestamp;
  /** Null: unread. */
  read_at: Timestamp | null;
  /** Null: in the inbox. */
  archived_at: Timestamp | null;
}

/** The owner's reply to a thread, emailed to its address (migration 0023). */
interface ContactRepliesTable {
  id: string;
  /** The thread's address: the visitor's, normalised. */
  address: string;
  /** The thread it answers (migration 0025). */
  thread_id: string | null;
  /** The owner who wrote it; null once her account is gone. */
  owner_id: string | null;
  body: string;
  /** The email_outbox row that carried it. */
  outbox_id: string | null;
  created_at: CreatedAt;
}

export type PurchaseProvider = "stripe" | "paypal";
/** `duplicate`: paid when the member had already paid; granted nothing, refunded (then `refunded`). */
export type PurchaseStatus = "pending" | "succeeded" | "duplicate" | "refunded" | "failed";

export interface PurchasesTable {
  id: string;
  /** Null once the account is deleted: the payment record itself is kept for the accounts. */
  user_id: string | null;
  provider: PurchaseProvider;
  /** Stripe PaymentIntent id, or PayPal order id. */
  provider_payment_id: string;
  /** PayPal capture id, once captured: refunds name it. */
  provider_capture_id: string | null;
  /** The address the buyer gave for the receipt; null means the account's. */
  receipt_email: string | null;
  amount_minor: number;
  currency: string;
  status: PurchaseStatus;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  succeeded_at: Timestamp | null;
  refunded_at: Timestamp | null;
  /** Why the owner refunded it from the studio (one of `REFUND_REASONS`); null for any other refund. */
  refund_reason: string | null;
  /** Set while an owner's refund is with the provider: the request that set it makes the refund. */
  refund_started_at: Timestamp | null;
  /** The offer whose code she gave at checkout; `amount_minor` is then its price (migration 0039). */
  offer_id: string | null;
  /** Bought as a gift for someone else (migration 0040): it never makes the buyer premium. */
  for_gift: Bool;
}

/** A promo code the owner set in the studio (migration 0039). */
interface OffersTable {
  id: string;
  /** Upper case: A–Z, 0–9 and hyphens. */
  code: string;
  kind: "percent" | "amount";
  /** Percent 1–100, or minor units off in the course's currency. */
  value: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  /** When the owner ended it early. */
  ended_at: Timestamp | null;
  max_uses: number;
  /** Succeeded payments made with it, each counted once, in its grant's transaction. */
  uses: Generated<number>;
  gifts_only: Bool;
  created_at: CreatedAt;
}

/** The course given as a gift (migration 0040): one per gift purchase. */
interface GiftsTable {
  id: string;
  purchase_id: string;
  /** Who gave it; null once her account is deleted. */
  giver_id: string | null;
  /** Where it goes, normalised. */
  recipient_email: string;
  message: string;
  deliver_on: CalendarDate;
  deliver_at: Timestamp;
  /** Moves on with each change of day or address: the delivery job's key names it. */
  delivery_round: Generated<number>;
  /** SHA-256 of the redeem code, set when it is delivered: the code itself is only in the email. */
  code_hash: string | null;
  delivered_at: Timestamp | null;
  redeemed_at: Timestamp | null;
  redeemed_by: string | null;
  /** The recipient opened it when she had the course already. */
  already_had_at: Timestamp | null;
  created_at: CreatedAt;
}

/** One use of a code held by a checkout until its payment succeeds, fails or the hold expires. */
interface OfferHoldsTable {
  offer_id: string;
  user_id: string;
  expires_at: Timestamp;
}

interface RateLimitsTable {
  key: string;
  count: number;
  /** Milliseconds since the epoch (bigint: text from PostgreSQL, a number from SQLite). */
  window_start: ColumnType<number | string, number, number>;
}

export type EmailStatus = "pending" | "sending" | "sent" | "failed";

interface EmailOutboxTable {
  id: string;
  kind: string;
  to_address: string;
  /** Whom the message is about, when not its recipient (migration 0009); normalised like to_address. */
  about_address: ColumnType<string | null, string | null | undefined, string | null>;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  status: ColumnType<EmailStatus, EmailStatus | undefined, EmailStatus>;
  attempts: Generated<number>;
  next_attempt_at: CreatedAt;
  last_error: string | null;
  created_at: CreatedAt;
  sent_at: Timestamp | null;
  /** Where one click unsubscribes her from this kind of message (migration 0016); null for most. */
  unsubscribe_url: ColumnType<string | null, string | null | undefined, string | null>;
}

interface PaymentEventsTable {
  /** "<provider>:<event id>". */
  id: string;
  type: string;
  received_at: CreatedAt;
}

/** Moved on by database triggers whenever anything a member's pages show changes (migration 0006). */
interface MemberVersionsTable {
  user_id: string;
  version: Generated<number>;
}

/** A code emailed to a signed-in member to confirm an action (migration 0008). */
interface ConfirmationCodesTable {
  user_id: string;
  purpose: "delete-account";
  /** HMAC of the code: the code itself is only in the email. */
  code_hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
}

/** A contraction timed in labour mode, saved from her device (migration 0012). */
interface LabourContractionsTable {
  user_id: string;
  /** Milliseconds since the epoch (bigint: text from PostgreSQL, a number from SQLite). */
  started_at: ColumnType<number | string, number, number>;
  /** As started_at; null while the contraction is going. */
  ended_at: ColumnType<number | string | null, number | null, number | null>;
  updated_at: CreatedAt;
}

export type JobStatus = "pending" | "running" | "done" | "dead";

/** Work to do at a time, done once by whichever instance claims it (migration 0016). */
interface JobsTable {
  id: string;
  kind: string;
  /** Unique for good: the same piece of work is never queued twice. */
  key: string;
  user_id: string | null;
  /** JSON. */
  payload: ColumnType<string, string | undefined, string>;
  run_at: Timestamp;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  attempts: Generated<number>;
  lease_owner: string | null;
  lease_until: Timestamp | null;
  last_error: string | null;
  created_at: CreatedAt;
  finished_at: Timestamp | null;
}

/** Her programme's facts (migration 0030); no row: no dates, week 1, no streak, streaks shown, no baby yet. */
interface ProgrammeSettingsTable {
  user_id: string;
  due_date: CalendarDate | null;
  program_start_date: CalendarDate | null;
  is_induction: Bool;
  current_week: Generated<number>;
  current_streak: Generated<number>;
  /** She has chosen not to see streaks and their badges in her portal. */
  hide_streaks: Bool;
  /** The day her baby was born, her calendar date, once she has marked it (null: not yet). */
  baby_born_on: CalendarDate | null;
  /** The baby's name, if she gave one with the date. */
  baby_name: string | null;
  /** The day she chose "Start gently now", the early plan; null: she hasn't. */
  early_plan_from: CalendarDate | null;
  updated_at: CreatedAt;
}

/** What she has bought or been given (migration 0029); no row: free tier, no course access, not welcomed. */
interface MemberAccessTable {
  user_id: string;
  subscription_tier: ColumnType<SubscriptionTier, SubscriptionTier | undefined, SubscriptionTier>;
  /** Access to the course given without a payment. */
  course_access: Bool;
  /** When the member put away the "what you have unlocked" card (null: not yet). */
  course_welcomed_at: Timestamp | null;
  updated_at: CreatedAt;
}

/** Her reminder setting and calendar feed (migration 0028); no row: reminders off, no feed. */
interface ReminderSettingsTable {
  user_id: string;
  /** Her daily reminder's time, 'HH:MM' in her time zone; null: no reminders. */
  reminder_time: string | null;
  remind_by_email: Bool;
  remind_by_push: Bool;
  /** Her calendar feed's id, signed in its address (the address is the secret, not this); null: no feed. */
  calendar_feed_id: string | null;
  updated_at: CreatedAt;
}

/** A browser she allowed to show reminders, as its Push API subscription gives it (migration 0016). */
interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: CreatedAt;
}

/** A member's invitation to her birth partner (migration 0018). */
interface PartnerInvitationsTable {
  id: string;
  /** The member who invited. */
  user_id: string;
  /** Whom she invited, normalised. */
  email: string;
  /** SHA-256 of the link's token: the token itself is only in the email. */
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  cancelled_at: Timestamp | null;
}

/** A member and her birth partner's own account (migration 0018): one each way. */
interface PartnerLinksTable {
  /** The member. */
  user_id: string;
  /** Her birth partner. */
  partner_id: string;
  created_at: CreatedAt;
}

/** One version of a member's birth preferences plan (migration 0019): 1, 2, 3… per member. */
interface BirthPlanVersionsTable {
  id: string;
  user_id: string;
  number: number;
  /** JSON of the plan's content (app/modules/birth-plan/plan.ts). */
  content: string;
  created_at: CreatedAt;
  /** Moves when a save in the same sitting updates this version in place. */
  updated_at: CreatedAt;
  /** The number of the version this one restored; null: saved, not restored. */
  restored_from: number | null;
}

/** Her birth partner's comment on a section of her plan (migration 0019). */
interface BirthPlanCommentsTable {
  id: string;
  /** The member whose plan it is. */
  user_id: string;
  /** Her birth partner, who wrote it. */
  author_id: string;
  section_id: string;
  body: string;
  created_at: CreatedAt;
  /** When she marked it resolved; null: open. */
  resolved_at: Timestamp | null;
}

/** The days an account finished a listen, in its own time zone (migration 0020). */
interface ListeningDaysTable {
  user_id: string;
  /** YYYY-MM-DD. */
  day: string;
}

interface TwoFactorTable {
  id: string;
  secret: string;
  backupCodes: string;
  userId: string;
  verified: ColumnType<SqlBool | null, boolean | undefined, boolean>;
  failedVerificationCount: ColumnType<number | null, number | undefined, number>;
  lockedUntil: Timestamp | null;
  /** The time step (30 s) of the last authenticator code the studio took: a code's step must be newer. */
  lastAcceptedStep: number | null;
}

interface PasskeyTable {
  id: string;
  name: string | null;
  publicKey: string;
  userId: string;
  credentialID: string;
  counter: number;
  deviceType: string;
  backedUp: ColumnType<SqlBool, boolean, boolean>;
  transports: string | null;
  createdAt: Timestamp | null;
  aaguid: string | null;
}

interface StudioChecksTable {
  session_id: string;
  user_id: string;
  /** "totp" or "backup-code". */
  method: string;
  verified_at: Timestamp;
}

interface AuditLogTable {
  id: string;
  at: CreatedAt;
  /** An owner's account id, or "command". */
  actor_id: string;
  action: string;
  subject_id: string | null;
  /** JSON: ids, numbers and the studio's own words only (app/modules/studio/audit.server.ts). */
  detail: ColumnType<string, string | undefined, never>;
  ip: string | null;
}

/** The reason an owner gave with an audit entry about a member: hers, so it goes with her account. */
interface StudioReasonsTable {
  audit_id: string;
  member_id: string;
  reason: string;
  created_at: CreatedAt;
}

/** An owner's studio settings (migration 0032); no row: her profile's time zone. */
interface StudioSettingsTable {
  user_id: string;
  /** The IANA time zone the studio shows her every time in. */
  time_zone: string;
  updated_at: CreatedAt;
}

/** The version of what the owner has published from the studio: one row. */
interface ContentVersionTable {
  version: number;
}

/** A version of a recording or guide the owner uploaded (migration 0035); the seeded file has none until then. */
interface MediaVersionsTable {
  id: string;
  /** `audio` or `pdfs`. */
  bucket: string;
  /** The file the item was seeded as: `fear-release.mp3`. */
  item: string;
  /** 1 is the seeded file; uploads count on from 2. */
  version: number;
  /** Its own file in the media storage: `fear-release.v2.mp3`. */
  key: string;
  /** Null while its upload is under way. */
  bytes: ColumnType<number | null, number | null | undefined, number | null>;
  /** A recording's length, read from it. */
  seconds: number | null;
  /** A guide's pages, read from it. */
  pages: number | null;
  created_at: CreatedAt;
  /** `<bucket>/<item>` on the one published version; null on the others. */
  live_item: string | null;
  published_at: Timestamp | null;
}

/** A recording's captions as the owner saved or published them from the studio (migration 0036). */
interface CaptionRevisionsTable {
  /** A session's id (a track's). */
  recording_id: string;
  /** 1, 2, … per recording: the newest is the highest. */
  number: number;
  state: "draft" | "published";
  /** The whole WebVTT file, checked as the build checks the bundled ones. */
  source: string;
  created_at: CreatedAt;
}

/** The owner's choices for each session (migration 0037): a null keeps the course's own. */
interface SessionSettingsTable {
  /** A session's id (a track's). */
  session_id: string;
  state: "published" | "coming-soon" | null;
  /** 1, 2, … within its course group. */
  position: number | null;
  updated_at: CreatedAt;
}

/** An invoice or a credit note, as issued (migration 0038; app/modules/payments/invoices.server.ts). */
export type InvoiceKind = "invoice" | "credit-note";
interface InvoicesTable {
  id: string;
  kind: InvoiceKind;
  year: number;
  /** 1, 2, … within its kind and year, with no gaps. */
  sequence: number;
  /** As printed: "2026-0001", or "CN-2026-0001" for a credit note. */
  number: string;
  purchase_id: string;
  /** A credit note's invoice; null for an invoice. */
  invoice_id: string | null;
  issued_at: Timestamp;
  currency: string;
  /** What was paid (or, on a credit note, given back), VAT included. */
  gross_minor: number;
  net_minor: number;
  vat_minor: number;
  discount_minor: ColumnType<number, number | undefined, number>;
  /** Hundredths of a percent; null: "VAT not applicable" (the seller is not registered). */
  vat_rate_bp: number | null;
  buyer_country: string | null;
  /** JSON: the seller's details as issued (`Seller`). */
  seller: string;
  /** JSON: the lines (`InvoiceLine[]`). */
  lines: string;
}

/** Each kind's last number, per year: moved on by the transaction that issues the next one. */
interface InvoiceCountersTable {
  kind: InvoiceKind;
  year: number;
  last_number: number;
}

/** The site's words, every revision of every piece (migration 0034). */
export type ContentRevisionState = "draft" | "published" | "earlier";
interface ContentRevisionsTable {
  id: string;
  /** article, story, faq, testimonial, about, course (app/modules/catalogue/pieces.ts). */
  kind: string;
  slug: string;
  /** The piece's revisions counted from 1 (the text from content/). */
  number: number;
  state: ContentRevisionState;
  /** The piece's fields as JSON. */
  fields: string;
  /** Its Markdown. */
  body: string;
  /** The owner's account id; null for the text from content/. */
  saved_by: string | null;
  saved_at: CreatedAt;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  profiles: ProfilesTable;
  audio_progress: AudioProgressTable;
  program_schedule: ProgramScheduleTable;
  user_progress: UserProgressTable;
  share_tokens: ShareTokensTable;
  contact_messages: ContactMessagesTable;
  contact_threads: ContactThreadsTable;
  contact_replies: ContactRepliesTable;
  purchases: PurchasesTable;
  rate_limits: RateLimitsTable;
  email_outbox: EmailOutboxTable;
  payment_events: PaymentEventsTable;
  member_versions: MemberVersionsTable;
  confirmation_codes: ConfirmationCodesTable;
  labour_contractions: LabourContractionsTable;
  jobs: JobsTable;
  push_subscriptions: PushSubscriptionsTable;
  reminder_settings: ReminderSettingsTable;
  member_access: MemberAccessTable;
  programme_settings: ProgrammeSettingsTable;
  partner_invitations: PartnerInvitationsTable;
  partner_links: PartnerLinksTable;
  listening_days: ListeningDaysTable;
  birth_plan_versions: BirthPlanVersionsTable;
  birth_plan_comments: BirthPlanCommentsTable;
  twoFactor: TwoFactorTable;
  passkey: PasskeyTable;
  studio_checks: StudioChecksTable;
  audit_log: AuditLogTable;
  studio_reasons: StudioReasonsTable;
  studio_settings: StudioSettingsTable;
  content_version: ContentVersionTable;
  media_versions: MediaVersionsTable;
  caption_revisions: CaptionRevisionsTable;
  session_settings: SessionSettingsTable;
  content_revisions: ContentRevisionsTable;
  invoices: InvoicesTable;
  invoice_counters: InvoiceCountersTable;
  offers: OffersTable;
  offer_holds: OfferHoldsTable;
  gifts: GiftsTable;
}
