import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import type { EmailMessage } from "#app/modules/email/templates.ts";
import { createLogger } from "#app/platform/log.server.ts";
import { aMember } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { PARTNER_SEAT_INTENTS, partnerSeatMessages } from "./forms.ts";
import {
  answerPartnerSeatForm,
  INVITATION_IP_LIMIT,
  INVITATION_LIMIT,
  partnerSeatFor,
  partnerToTellOfClosure,
} from "./invite.server.ts";
import { acceptInvitation, partnerIdOf, waitingInvitation } from "./seat.server.ts";

const NOW = new Date("2026-11-25T10:00:00Z");
const later = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);
const BASE_URL = "https://tidewell.example";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const inviting = (email: string) => form({ intent: PARTNER_SEAT_INTENTS.invite, email });
const address = () => `ben-${crypto.randomBytes(4).toString("hex")}@example.com`;

/** A mailer that keeps what it is asked to send; `accepts` false plays a recipient whose budget is spent. */
function recordingMailer(accepts = true) {
  const sent: EmailMessage[] = [];
  return {
    sent,
    async send(message: EmailMessage) {
      sent.push(message);
      return accepts;
    },
  };
}

describe.each(testDialects)("the partner seat's forms on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;
  const log = createLogger("silent");

  const aMemberNamed = async (name = "Amara Okafor") => {
    const row = await aMember(db(), { name });
    return { id: row.id, email: row.email, name };
  };
  /** Each member on an IP address of her own unless a test says otherwise, so the limit per address stays out of it. */
  const ips = new Map<string, string>();
  const ipOf = (memberId: string) => {
    if (!ips.has(memberId)) ips.set(memberId, `10.31.${dialect === "sqlite" ? 1 : 2}.${ips.size + 1}`);
    return ips.get(memberId)!;
  };
  const depsFor = (
    member: { id: string; email: string; name: string },
    mailer = recordingMailer(),
    clientIp = ipOf(member.id),
  ) => ({
    db: db(),
    mailer,
    log,
    member,
    clientIp,
    baseUrl: BASE_URL,
    now: NOW,
  });
  const storedFor = (memberId: string) =>
    db().selectFrom("partner_invitations").selectAll().where("user_id", "=", memberId).execute();

  it("sends her partner one invitation whose link lets them accept", async () => {
    const amara = await aMemberNamed();
    const ben = await aMember(db(), { name: "Ben Okafor", email: address() });
    const mailer = recordingMailer();
    const answer = await answerPartnerSeatForm(
      inviting(` ${ben.email.toUpperCase()} `),
      depsFor(amara, mailer),
    );
    expect(answer).toEqual({
      type: "success",
      message: `Invitation sent to ${ben.email}. It works for 7 days.`,
    });
    expect(mailer.sent).toHaveLength(1);
    const [email] = mailer.sent;
    expect(email).toMatchObject({ kind: "partner-invitation", to: ben.email, about: amara.email });
    expect(email!.subject).toBe("You're invited to be a birth partner on Tidewell");
    expect(email!.text).toContain("Amara is preparing for birth with Tidewell");
    const token = email!.text.match(/https:\/\/tidewell\.example\/partner\/join\/([\w-]+)/)?.[1];
    expect(token).toBeDefined();
    expect(email!.html).toContain(`href="${BASE_URL}/partner/join/${token}"`);
    expect(await waitingInvitation(db(), amara.id, NOW)).toMatchObject({ email: ben.email });

    expect(await acceptInvitation(db(), token!, ben.id, later(1))).toEqual({ ok: true, memberId: amara.id });
    expect(await partnerIdOf(db(), amara.id)).toBe(ben.id);
    expect(await partnerSeatFor(db(), amara.id, later(1))).toEqual({
      partner: { firstName: "Ben" },
      partnerOf: null,
      waiting: null,
    });
  });

  it("answers an address that can't be right beside the field, storing and sending nothing", async () => {
    const amara = await aMemberNamed();
    const mailer = recordingMailer();
    for (const [email, message] of [
      ["ben@", "Please enter a valid email address, such as ben@example.com"],
      ["", "Please enter your birth partner's email address"],
    ] as const) {
      const answer = await answerPartnerSeatForm(inviting(email), depsFor(amara, mailer));
      expect(answer).toMatchObject({ status: 400, reply: { result: { error: { email: [message] } } } });
    }
    expect(mailer.sent).toEqual([]);
    expect(await storedFor(amara.id)).toEqual([]);
  });

  it("won't invite her own address, nor a second partner while she has one", async () => {
    const amara = await aMemberNamed();
    const mailer = recordingMailer();
    const own = await answerPartnerSeatForm(inviting(amara.email.toUpperCase()), depsFor(amara, mailer));
    expect(own).toMatchObject({
      status: 400,
      reply: { result: { error: { email: [partnerSeatMessages.ownAddress] } } },
    });
    expect(await storedFor(amara.id)).toEqual([]);

    const ben = await aMember(db(), { name: "Ben Okafor", email: address() });
    await answerPartnerSeatForm(inviting(ben.email), depsFor(amara, mailer));
    const token = mailer.sent[0]!.text.match(/\/partner\/join\/([\w-]+)/)![1]!;
    expect((await acceptInvitation(db(), token, ben.id, NOW)).ok).toBe(true);

    const second = await answerPartnerSeatForm(inviting(address()), depsFor(amara, mailer));
    expect(second).toEqual({ type: "error", message: partnerSeatMessages.hasPartner });
    expect(mailer.sent).toHaveLength(1);
    expect(await storedFor(amara.id)).toHaveLength(1);
  });

  it("says the invitation went even when its recipient has had all the email we send for now", async () => {
    const amara = await aMemberNamed();
    const ben = address();
    const answer = await answerPartnerSeatForm(inviting(ben), depsFor(amara, recordingMailer(false)));
    expect(answer).toEqual({ type: "success", message: partnerSeatMessages.sent(ben) });
  });

  it("holds each member to her daily number of invitations, however many she posts at once", async () => {
    const amara = await aMemberNamed();
    const mailer = recordingMailer();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => answerPartnerSeatForm(inviting(address()), depsFor(amara, mailer))),
    );
    const sent = answers.filter((answer) => "type" in answer && answer.type === "success");
    const refused = answers.filter(
      (answer) => "type" in answer && answer.message === partnerSeatMessages.tooMany,
    );
    expect(sent).toHaveLength(INVITATION_LIMIT.limit);
    expect(refused).toHaveLength(10 - INVITATION_LIMIT.limit);
    expect(mailer.sent).toHaveLength(INVITATION_LIMIT.limit);
    expect(await storedFor(amara.id)).toHaveLength(INVITATION_LIMIT.limit);
    // One link works at a time: each new invitation cancels the one before.
    const live = (await storedFor(amara.id)).filter((row) => row.cancelled_at === null);
    expect(live).toHaveLength(1);

    // Another member's count is her own.
    const carol = await aMemberNamed("Carol Mensah");
    expect(await answerPartnerSeatForm(inviting(address()), depsFor(carol, mailer))).toMatchObject({
      type: "success",
    });
  });

  it(`holds one client address to ${INVITATION_IP_LIMIT.limit} invitations a day, whichever members send them at once`, async () => {
    const members = await Promise.all(
      Array.from({ length: INVITATION_IP_LIMIT.limit + 5 }, (_, n) => aMemberNamed(`Member ${n}`)),
    );
    const mailer = recordingMailer();
    const sameNetwork = `10.32.${dialect === "sqlite" ? 1 : 2}.7`;
    const answers = await Promise.all(
      members.map((member) =>
        answerPartnerSeatForm(inviting(address()), depsFor(member, mailer, sameNetwork)),
      ),
    );
    const sent = answers.filter((answer) => "type" in answer && answer.type === "success");
    const refused = answers.filter(
      (answer) => "type" in answer && answer.message === partnerSeatMessages.tooMany,
    );
    expect(sent).toHaveLength(INVITATION_IP_LIMIT.limit);
    expect(refused).toHaveLength(5);
    expect(mailer.sent).toHaveLength(INVITATION_IP_LIMIT.limit);
    const stored = await db()
      .selectFrom("partner_invitations")
      .select("id")
      .where(
        "user_id",
        "in",
        members.map((member) => member.id),
      )
      .execute();
    expect(stored).toHaveLength(INVITATION_IP_LIMIT.limit);

    // Members on another network are not held back.
    const late = await aMemberNamed("Late Member");
    expect(
      await answerPartnerSeatForm(
        inviting(address()),
        depsFor(late, mailer, `2001:db8:${dialect === "sqlite" ? 1 : 2}::1`),
      ),
    ).toMatchObject({ type: "success" });
  });

  it("sends the invitation under a fixed subject, naming her by a first name of letters alone", async () => {
    const mailer = recordingMailer();
    for (const [name, shown] of [
      ["Security\u2800alert: your payment failed. Update card at https://evil.example", "Security"],
      ["\u202E\u2800\u3164\u115F", "A Tidewell member"],
    ]) {
      const member = await aMemberNamed(name);
      expect(await answerPartnerSeatForm(inviting(address()), depsFor(member, mailer))).toMatchObject({
        type: "success",
      });
      const email = mailer.sent.at(-1)!;
      expect(email.subject).toBe("You're invited to be a birth partner on Tidewell");
      expect(email.text).toContain(`${shown} is preparing for birth with Tidewell`);
      expect(`${email.subject}${email.text}${email.html}`).not.toMatch(
        /evil\.example|payment|[\u2800\u202E\u3164\u115F]/,
      );
    }
  });

  it("cancels her own waiting invitation, and nobody else's", async () => {
    const amara = await aMemberNamed();
    const carol = await aMemberNamed("Carol Mensah");
    const ben = await aMember(db(), { name: "Ben Okafor", email: address() });
    const mailer = recordingMailer();
    await answerPartnerSeatForm(inviting(ben.email), depsFor(amara, mailer));
    const token = mailer.sent[0]!.text.match(/\/partner\/join\/([\w-]+)/)![1]!;
    const cancelling = form({ intent: PARTNER_SEAT_INTENTS.cancel });

    expect(await answerPartnerSeatForm(cancelling, depsFor(carol))).toEqual({
      type: "info",
      message: partnerSeatMessages.nothingWaiting,
    });
    expect(await partnerSeatFor(db(), amara.id, NOW, "Europe/London")).toEqual({
      partner: null,
      partnerOf: null,
      waiting: { email: ben.email, expiresAt: later(7 * 24).toISOString(), expiresOn: "2026-12-02" },
    });

    expect(await answerPartnerSeatForm(cancelling, depsFor(amara))).toEqual({
      type: "success",
      message: "Invitation cancelled. The link no longer works.",
    });
    expect(await partnerSeatFor(db(), amara.id, NOW)).toEqual({
      partner: null,
      partnerOf: null,
      waiting: null,
    });
    expect(await acceptInvitation(db(), token, ben.id, later(1))).toEqual({ ok: false, reason: "cancelled" });
  });

  it("removes her own partner, and nobody else's; the partner's account stays", async () => {
    const amara = await aMemberNamed();
    const carol = await aMemberNamed("Carol Mensah");
    const ben = await aMember(db(), { name: "Ben Okafor", email: address() });
    const mailer = recordingMailer();
    await answerPartnerSeatForm(inviting(ben.email), depsFor(amara, mailer));
    const token = mailer.sent[0]!.text.match(/\/partner\/join\/([\w-]+)/)![1]!;
    expect((await acceptInvitation(db(), token, ben.id, NOW)).ok).toBe(true);
    const removing = form({ intent: PARTNER_SEAT_INTENTS.remove });

    expect(await answerPartnerSeatForm(removing, depsFor(carol))).toEqual({
      type: "info",
      message: partnerSeatMessages.noPartner,
    });
    expect(await partnerIdOf(db(), amara.id)).toBe(ben.id);

    expect(await answerPartnerSeatForm(removing, depsFor(amara))).toEqual({
      type: "success",
      message: "Ben is no longer your birth partner. Their account stays theirs.",
    });
    expect(await partnerIdOf(db(), amara.id)).toBeNull();
    expect(await db().selectFrom("user").select("id").where("id", "=", ben.id).execute()).toHaveLength(1);
    expect(await partnerSeatFor(db(), amara.id, NOW)).toEqual({
      partner: null,
      partnerOf: null,
      waiting: null,
    });
  });

  it("lets the partner see whose partner they are and leave; tells them when she closes her account", async () => {
    const amara = await aMemberNamed();
    const benRow = await aMember(db(), { name: "Ben Okafor", email: address() });
    const ben = { id: benRow.id, email: benRow.email, name: "Ben Okafor" };
    const mailer = recordingMailer();
    await answerPartnerSeatForm(inviting(ben.email), depsFor(amara, mailer));
    const token = mailer.sent[0]!.text.match(/\/partner\/join\/([\w-]+)/)![1]!;
    await acceptInvitation(db(), token, ben.id, NOW);

    expect(await partnerSeatFor(db(), ben.id, NOW)).toEqual({
      partner: null,
      partnerOf: { firstName: "Amara" },
      waiting: null,
    });
    expect(await partnerToTellOfClosure(db(), amara.id)).toEqual({
      email: ben.email,
      memberFirstName: "Amara",
    });
    expect(await partnerToTellOfClosure(db(), ben.id)).toBeNull();

    const leaving = form({ intent: PARTNER_SEAT_INTENTS.leave });
    expect(await answerPartnerSeatForm(leaving, depsFor(amara))).toEqual({
      type: "info",
      message: partnerSeatMessages.notAPartner,
    });
    expect(await answerPartnerSeatForm(leaving, depsFor(ben))).toEqual({
      type: "success",
      message: "You're no longer Amara's birth partner. Your account stays yours.",
    });
    expect(await partnerIdOf(db(), amara.id)).toBeNull();
    expect(await partnerToTellOfClosure(db(), amara.id)).toBeNull();
  });
});
