import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { createLogger } from "#app/platform/log.server.ts";
import { aMember } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { memberView } from "../../../tests/support/members.ts";
import { partnerSeatMessages } from "#app/modules/partner/forms.ts";
import { HER_PREGNANCY_REFUSAL } from "#app/modules/program/forms.ts";
import { calendarFeedMessages } from "#app/modules/reminders/forms.ts";
import { answerProfilePageForm } from "./page.server.ts";
import { streaksHidden } from "#app/modules/program/programme-settings.server.ts";
import type { Member } from "#app/modules/accounts/session.server.ts";

describe.each(testDialects)("the profile page's forms on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;

  async function aSignedInMember(fields: Partial<Member> = {}): Promise<Member> {
    const { id, email } = await aMember(db());
    return memberView({ id, email, ...fields });
  }

  /** A form as her profile page posts it; these forms need only the database, the log and the clock. */
  const post = (member: Member, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const deps = {
      db: db(),
      log: createLogger("silent"),
      now: new Date("2026-11-21T10:00:00Z"),
      today: "2026-11-21",
      baseUrl: "http://localhost:3000",
      calendarKey: crypto.randomBytes(32),
    } as unknown as Parameters<typeof answerProfilePageForm>[3];
    return answerProfilePageForm(form, member, { id: member.id, email: member.email, ip: "127.0.0.1" }, deps);
  };
  const backWith = (type: string, message: string) => ({ to: "/portal/profile", flash: { type, message } });

  it("refuses a birth partner her forms, back on the profile", async () => {
    const partner = await aSignedInMember({ isPartner: true });
    expect(await post(partner, { intent: "update-date", date: "14/Nov" })).toEqual(
      backWith("error", HER_PREGNANCY_REFUSAL),
    );
  });

  it("answers the partner seat, the calendar link and her settings back on the profile", async () => {
    const member = await aSignedInMember();
    expect(await post(member, { intent: "cancel-partner-invitation" })).toEqual(
      backWith("info", partnerSeatMessages.nothingWaiting),
    );
    expect(await post(member, { intent: "calendar-feed-on" })).toEqual(
      backWith("success", calendarFeedMessages.on),
    );
    expect(await post(member, { intent: "streak-settings", hideStreaks: "on" })).toEqual(
      backWith("success", "Streaks hidden. Your practice still counts, quietly."),
    );
    expect(await streaksHidden(db(), member.id)).toBe(true);
  });

  it("replies beside a form that isn't right, with its status", async () => {
    const member = await aSignedInMember();
    expect(await post(member, { intent: "reminder-settings", reminders: "maybe" })).toMatchObject({
      status: 400,
      reply: { result: { status: "error" } },
    });
    expect(await post(member, { intent: "update-name", name: "" })).toMatchObject({
      status: 400,
      reply: { result: { status: "error" }, saved: false },
    });
    expect(await post(member, { intent: "update-date", date: "not a date" })).toMatchObject({
      status: 400,
      reply: { intent: "update-date", ok: false, status: 400 },
    });
  });
});
