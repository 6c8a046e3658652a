import { describe, expect, it } from "vitest";
import type * as z from "zod/mini";
import {
  checkForms,
  inboxThreadForms,
  memberForms,
  passkeyForms,
  refundForms,
  readStudioForm,
  securityForms,
  timeZoneForms,
  type PageForms,
} from "./forms.ts";

/** Any page's forms, for tables of several pages. */
type AnyForms = PageForms<z.ZodMiniType>;

const posted = (fields: Record<string, string | File>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

const REASON_RULE = "Please give a reason (3 to 300 characters): it is kept with the audit log's entry.";

describe("readStudioForm", () => {
  it.each([
    [
      { intent: "grant-premium", reason: "  A gift  " },
      { intent: "grant-premium", reason: "A gift" },
    ],
    [
      { intent: "revoke-premium", reason: "Paid back" },
      { intent: "revoke-premium", reason: "Paid back" },
    ],
    [{ intent: "make-owner" }, { intent: "make-owner" }],
    [{ intent: "sign-in-link" }, { intent: "sign-in-link" }],
    [
      { intent: "delete", confirm: "yes" },
      { intent: "delete", confirm: true },
    ],
    // Unticked, the box sends nothing: the action says so once the second factor is recent.
    [{ intent: "delete" }, { intent: "delete", confirm: false }],
  ])("reads the member page's form %o", (fields, form) => {
    expect(readStudioForm(posted(fields), memberForms)).toEqual({ ok: true, form });
  });

  it.each([
    [{ intent: "grant-premium" }, "grant-premium", REASON_RULE],
    [{ intent: "grant-premium", reason: "  ab  " }, "grant-premium", REASON_RULE],
    [{ intent: "revoke-premium", reason: "x".repeat(301) }, "revoke-premium", REASON_RULE],
    [{ intent: "make-admin" }, "make-admin", "Please use the forms on this page."],
    [{}, "", "Please use the forms on this page."],
    // A file where words belong is no form of the page's.
    [
      { intent: "grant-premium", reason: new File(["gift"], "reason.txt") },
      "grant-premium",
      "Please use the forms on this page.",
    ],
  ])("refuses the member page's form %o, beside the form it came from", (fields, intent, message) => {
    expect(readStudioForm(posted(fields), memberForms)).toEqual({ ok: false, intent, message });
  });

  it("reads a field's first value, as FormData.get does", () => {
    const form = posted({ intent: "refund", reason: "mistake", back: "/studio/members/m-1" });
    form.append("reason", "other");
    expect(readStudioForm(form, refundForms)).toEqual({
      ok: true,
      form: { intent: "refund", reason: "mistake", note: "", back: "/studio/members/m-1" },
    });
  });

  it.each<[Record<string, string>, string]>([
    [{ intent: "refund" }, "Please choose why you're making this refund."],
    [{ intent: "refund", reason: "because" }, "Please choose why you're making this refund."],
    [{ intent: "refund", reason: "other", note: "x".repeat(301) }, "Please keep the note to 300 characters."],
  ])("refuses a refund's form %o, saying why", (fields, message) => {
    expect(readStudioForm(posted(fields), refundForms)).toEqual({ ok: false, intent: "refund", message });
  });

  it.each<[AnyForms, Record<string, string>, unknown]>([
    [
      refundForms,
      { intent: "refund", reason: "other", note: "  Her bank charged her twice \n" },
      // With nowhere to go back to, or somewhere outside the studio, back to the purchases or the studio.
      { intent: "refund", reason: "other", note: "Her bank charged her twice", back: "/studio/purchases" },
    ],
    [
      refundForms,
      { intent: "refund", reason: "guarantee", back: "https://evil.example/studio" },
      { intent: "refund", reason: "guarantee", note: "", back: "/studio" },
    ],
    [securityForms, { intent: "remove-passkey", id: "pk-1" }, { intent: "remove-passkey", id: "pk-1" }],
    [
      inboxThreadForms,
      { intent: "reply", reply: "  Thank you.\r\n", replyId: "f0e1d2c3-0000-4000-8000-000000000001" },
      { intent: "reply", reply: "  Thank you.\r\n", replyId: "f0e1d2c3-0000-4000-8000-000000000001" },
    ],
    [inboxThreadForms, { intent: "archive" }, { intent: "archive" }],
    [checkForms, { intent: "start", password: "" }, { intent: "start", password: undefined }],
    [checkForms, { intent: "start", password: "secret" }, { intent: "start", password: "secret" }],
    [
      checkForms,
      { intent: "verify", code: "123 456" },
      { intent: "verify", method: "totp", code: "123 456", next: "/studio" },
    ],
    [
      checkForms,
      { intent: "verify", method: "backup-code", code: "ab-cd", next: "/studio/members?q=a" },
      { intent: "verify", method: "backup-code", code: "ab-cd", next: "/studio/members?q=a" },
    ],
    [
      checkForms,
      { intent: "verify", code: "1", next: "https://elsewhere.example/studio" },
      { intent: "verify", method: "totp", code: "1", next: "/studio" },
    ],
    [passkeyForms, { intent: "registration-options" }, { intent: "registration-options" }],
    [
      passkeyForms,
      { intent: "authenticate", response: '{"id":"x"}', next: "/studio/purchases" },
      { intent: "authenticate", response: { id: "x" }, next: "/studio/purchases" },
    ],
    [
      passkeyForms,
      { intent: "register", response: "not json" },
      { intent: "register", response: null, name: "" },
    ],
  ])("reads the page's form %#", (forms, fields, form) => {
    expect(readStudioForm(posted(fields), forms)).toEqual({ ok: true, form });
  });

  it.each([
    ["Europe/Dublin", "Europe/Dublin"],
    // As she might type it: spaces around, the wrong case; kept as the zone's own name.
    ["  europe/dublin ", "Europe/Dublin"],
    ["UTC", "UTC"],
  ])("reads the time zone %j as %j", (timeZone, read) => {
    expect(readStudioForm(posted({ intent: "time-zone", timeZone }), timeZoneForms)).toEqual({
      ok: true,
      form: { intent: "time-zone", timeZone: read },
    });
  });

  it.each<Record<string, string>>([
    { timeZone: "Mars/Olympus" },
    { timeZone: "" },
    {},
    { timeZone: `Europe/${"x".repeat(60)}` },
  ])("refuses the time zone %o, saying what a zone looks like", (fields) => {
    expect(readStudioForm(posted({ intent: "time-zone", ...fields }), timeZoneForms)).toEqual({
      ok: false,
      intent: "time-zone",
      message: "We don't know that time zone. Try one like Europe/Dublin or America/New_York.",
    });
  });

  it.each<[AnyForms, string]>([
    [timeZoneForms, "Please use the forms on this page."],
    [refundForms, "Please use the forms on this page."],
    [securityForms, "Please use the forms on this page."],
    [inboxThreadForms, "Please use the forms on this page."],
    [checkForms, "Please use the form on this page."],
    [passkeyForms, "Please use the studio's buttons."],
  ])("answers a post that is none of the page's forms as the page does: %#", (forms, message) => {
    expect(readStudioForm(posted({ intent: "something-else" }), forms)).toEqual({
      ok: false,
      intent: "something-else",
      message,
    });
  });
});

describe("the security page's forms for the second factor itself", () => {
  it.each([
    [{ intent: "new-backup-codes" }, { intent: "new-backup-codes" }],
    [
      { intent: "backup-codes-saved", saved: "yes" },
      { intent: "backup-codes-saved", saved: "yes" },
    ],
    [{ intent: "new-authenticator" }, { intent: "new-authenticator" }],
    [
      { intent: "confirm-authenticator", pending: "sealed", code: "123 456" },
      { intent: "confirm-authenticator", pending: "sealed", code: "123 456" },
    ],
    [{ intent: "confirm-authenticator" }, { intent: "confirm-authenticator", pending: "", code: "" }],
  ])("reads %o", (fields, form) => {
    expect(readStudioForm(posted(fields), securityForms)).toEqual({ ok: true, form });
  });

  it.each<Record<string, string>>([
    { intent: "backup-codes-saved" },
    { intent: "backup-codes-saved", saved: "no" },
  ])("goes on from new codes only once she says she has saved them: %o", (fields) => {
    expect(readStudioForm(posted(fields), securityForms)).toEqual({
      ok: false,
      intent: "backup-codes-saved",
      message: "Tick “I have saved my backup codes” once they are somewhere safe.",
    });
  });
});
