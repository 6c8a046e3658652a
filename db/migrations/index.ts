import type { Migration } from "kysely/migration";
import * as initial from "./0001_initial.ts";
import * as limitsAndOutbox from "./0002_limits_and_outbox.ts";
import * as listeningPosition from "./0003_listening_position.ts";
import * as payments from "./0004_payments.ts";
import * as receiptEmail from "./0005_receipt_email.ts";
import * as memberVersions from "./0006_member_versions.ts";
import * as onePaidPurchase from "./0007_one_paid_purchase.ts";
import * as confirmationCodes from "./0008_confirmation_codes.ts";
import * as normalisedEmails from "./0009_normalised_emails.ts";
import * as courseWelcome from "./0010_course_welcome.ts";
import * as accountMemberVersion from "./0011_account_member_version.ts";
import * as labourContractions from "./0012_labour_contractions.ts";
import * as lastListenId from "./0013_last_listen_id.ts";
import * as gentleStreaks from "./0014_gentle_streaks.ts";
import * as babyArrived from "./0015_baby_arrived.ts";
import * as reminders from "./0016_reminders.ts";
import * as earlyPlan from "./0017_early_plan.ts";
import * as partnerSeat from "./0018_partner_seat.ts";
import * as birthPlans from "./0019_birth_plans.ts";
import * as listeningDays from "./0020_listening_days.ts";
import * as ownersStudio from "./0021_owners_studio.ts";
import * as studioMemberSearch from "./0022_studio_member_search.ts";
import * as contactInbox from "./0023_contact_inbox.ts";
import * as passkeys from "./0024_passkeys.ts";
import * as contactSenders from "./0025_contact_senders.ts";
import * as totpLastStep from "./0026_totp_last_step.ts";
import * as auditWithoutFreeText from "./0027_audit_without_free_text.ts";
import * as reminderSettings from "./0028_reminder_settings.ts";
import * as memberAccess from "./0029_member_access.ts";
import * as programmeSettings from "./0030_programme_settings.ts";
import * as ownerRefunds from "./0031_owner_refunds.ts";
import * as studioSettings from "./0032_studio_settings.ts";
import * as contentVersion from "./0033_content_version.ts";
import * as contentRevisions from "./0034_content_revisions.ts";
import * as mediaVersions from "./0035_media_versions.ts";
import * as captionRevisions from "./0036_caption_revisions.ts";
import * as sessionSettings from "./0037_session_settings.ts";
import * as invoices from "./0038_invoices.ts";
import * as offers from "./0039_offers.ts";
import * as gifts from "./0040_gifts.ts";

/**
 * Every migration, in order. Listed by hand so that the bundled server, the
 * migrate script and the tests all run exactly the same set.
 */
export const migrations: Record<string, Migration> = {
  "0001_initial": initial,
  "0002_limits_and_outbox": limitsAndOutbox,
  "0003_listening_position": listeningPosition,
  "0004_payments": payments,
  "0005_receipt_email": receiptEmail,
  "0006_member_versions": memberVersions,
  "0007_one_paid_purchase": onePaidPurchase,
  "0008_confirmation_codes": confirmationCodes,
  "0009_normalised_emails": normalisedEmails,
  "0010_course_welcome": courseWelcome,
  "0011_account_member_version": accountMemberVersion,
  "0012_labour_contractions": labourContractions,
  "0013_last_listen_id": lastListenId,
  "0014_gentle_streaks": gentleStreaks,
  "0015_baby_arrived": babyArrived,
  "0016_reminders": reminders,
  "0017_early_plan": earlyPlan,
  "0018_partner_seat": partnerSeat,
  "0019_birth_plans": birthPlans,
  "0020_listening_days": listeningDays,
  "0021_owners_studio": ownersStudio,
  "0022_studio_member_search": studioMemberSearch,
  "0023_contact_inbox": contactInbox,
  "0024_passkeys": passkeys,
  "0025_contact_senders": contactSenders,
  "0026_totp_last_step": totpLastStep,
  "0027_audit_without_free_text": auditWithoutFreeText,
  "0028_reminder_settings": reminderSettings,
  "0029_member_access": memberAccess,
  "0030_programme_settings": programmeSettings,
  "0031_owner_refunds": ownerRefunds,
  "0032_studio_settings": studioSettings,
  "0033_content_version": contentVersion,
  "0034_content_revisions": contentRevisions,
  "0035_media_versions": mediaVersions,
  "0036_caption_revisions": captionRevisions,
  "0037_session_settings": sessionSettings,
  "0038_invoices": invoices,
  "0039_offers": offers,
  "0040_gifts": gifts,
};
