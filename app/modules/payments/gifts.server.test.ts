import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { aMember } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { createJobRunner } from "#app/platform/jobs.server.ts";
import { createLogger } from "#app/platform/log.server.ts";
import {
  grantPurchase,
  recordPendingPurchase,
  revokePurchase,
  type GrantContext,
} from "./fulfilment.server.ts";
import {
  changeDelivery,
  GIFT_DELIVERY_JOB,
  GIFT_MISS_LIMIT,
  giftDeliveryJob,
  giftsOf,
  openGift,
  recordGift,
  redeemGift,
} from "./gifts.server.ts";
import { createOffer, holdOffer } from "./offers.server.ts";

const price = { amountMinor: 2700, currency: "EUR" };
const log = createLogger("silent");
const baseUrl = "http://localhost:3000";
const ctx: GrantContext = { price, baseUrl, supportEmail: "hello@tidewell.example" };

describe.each(testDialects)("gifts on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;

  /** A giver who has paid for a gift to `recipient`, delivered at `deliverAt`. */
  async function aPaidGift(recipientEmail = `${crypto.randomUUID()}@example.com`, deliverAt = new Date()) {
    const giver = await aMember(db(), { name: "Orla Byrne" });
    const ref = { provider: "stripe" as const, providerPaymentId: `pi_${crypto.randomUUID()}` };
    await db()
      .transaction()
      .execute(async (trx) => {
        await recordPendingPurchase(trx, ref, giver.id, { price, offerId: null, forGift: true });
        await recordGift(trx, ref, giver.id, {
          recipientEmail,
          message: "For you and the bump.\nLove, Orla",
          deliverOn: deliverAt.toISOString().slice(0, 10),
          deliverAt,
        });
      });
    const outcome = await grantPurchase(db(), { ...ref, ...price }, ctx);
    const gift = await db()
      .selectFrom("gifts")
      .selectAll()
      .where("giver_id", "=", giver.id)
      .executeTakeFirstOrThrow();
    return { giver, ref, outcome, gift, recipientEmail };
  }

  const tierOf = async (userId: string) =>
    (
      await db()
        .selectFrom("member_access")
        .select("subscription_tier")
        .where("user_id", "=", userId)
        .executeTakeFirst()
    )?.subscription_tier ?? "free";

  const runnerAt = (now: Date) =>
    createJobRunner({
      db: db(),
      log,
      clock: { now: () => now },
      handlers: { [GIFT_DELIVERY_JOB]: giftDeliveryJob({ baseUrl, deliverSoon: () => {} }) },
    });

  const giftEmails = (to: string) =>
    db()
      .selectFrom("email_outbox")
      .select(["subject", "text_body"])
      .where("to_address", "=", to)
      .where("kind", "=", "gift")
      .execute();

  /** Delivers the gift's email now and reads the redeem code from it. */
  async function delivered(recipientEmail: string, at = new Date()) {
    await runnerAt(at).runDue();
    const [email] = await giftEmails(recipientEmail);
    return /\/gift\/([A-Za-z0-9_-]{43})/.exec(email!.text_body ?? "")![1]!;
  }

  const caller = () => ({
    now: new Date(),
    clientIp: `203.0.113.${Math.floor(Math.random() * 250)}`,
    baseUrl,
  });

  it("is paid for and invoiced to its giver, who stays as she was, and its delivery is queued for its day", async () => {
    const day = new Date("2030-02-14T09:00:00Z");
    const { giver, outcome, gift } = await aPaidGift(undefined, day);
    expect(outcome.granted).toBe(true);
    expect(await tierOf(giver.id)).toBe("free");
    const invoice = await db()
      .selectFrom("invoices")
      .select("kind")
      .where("purchase_id", "=", gift.purchase_id)
      .executeTakeFirst();
    expect(invoice?.kind).toBe("invoice");
    const receipt = await db()
      .selectFrom("email_outbox")
      .select(["kind", "subject"])
      .where("to_address", "=", giver.email)
      .executeTakeFirstOrThrow();
    expect(receipt).toEqual({
      kind: "gift-receipt",
      subject: "Your Tidewell receipt: the Complete Course, as a gift",
    });
    const job = await db()
      .selectFrom("jobs")
      .select(["kind", "run_at"])
      .where("key", "=", `gift:${gift.id}:0`)
      .executeTakeFirstOrThrow();
    expect(job.kind).toBe(GIFT_DELIVERY_JOB);
    expect(new Date(job.run_at).toISOString()).toBe(day.toISOString());
  });

  it("is delivered on its day with its message and a link whose code is kept only as its hash", async () => {
    const day = new Date("2030-03-01T09:00:00Z");
    const { gift, recipientEmail } = await aPaidGift(undefined, day);
    await runnerAt(new Date("2030-03-01T08:59:00Z")).runDue();
    expect(await giftEmails(recipientEmail)).toEqual([]);
    const code = await delivered(recipientEmail, new Date("2030-03-01T09:00:30Z"));
    const [email] = await giftEmails(recipientEmail);
    expect(email!.subject).toBe("A gift for you from Tidewell");
    expect(email!.text_body).toContain("Orla has given you the Tidewell Complete Course");
    expect(email!.text_body).toContain("> For you and the bump.\n\n> Love, Orla");
    const row = await db()
      .selectFrom("gifts")
      .selectAll()
      .where("id", "=", gift.id)
      .executeTakeFirstOrThrow();
    expect(row.delivered_at).not.toBeNull();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    // Delivered once: another round finds nothing to do.
    await runnerAt(new Date("2030-03-02T09:00:00Z")).runDue();
    expect(await giftEmails(recipientEmail)).toHaveLength(1);
  });

  it("goes to the new address on the new day when its giver changes them, and is hers alone to change", async () => {
    const { giver, gift, recipientEmail } = await aPaidGift(undefined, new Date("2030-04-01T09:00:00Z"));
    const stranger = await aMember(db());
    const now = new Date("2030-03-20T12:00:00Z");
    const newAddress = `${crypto.randomUUID()}@example.com`;
    const asStranger = await changeDelivery(
      db(),
      { id: stranger.id, email: stranger.email, timeZone: "Europe/Dublin" },
      gift.id,
      { recipientEmail: newAddress, deliverOn: "2030-04-03" },
      now,
    );
    expect(asStranger).toEqual({ ok: false, reason: "not-found" });
    const me = { id: giver.id, email: giver.email, timeZone: "Europe/Dublin" };
    expect(
      await changeDelivery(db(), me, gift.id, { recipientEmail: "nope", deliverOn: "2030-03-19" }, now),
    ).toMatchObject({
      ok: false,
      errors: { recipientEmail: expect.any(String), deliverOn: expect.any(String) },
    });
    const changed = await changeDelivery(
      db(),
      me,
      gift.id,
      { recipientEmail: newAddress, deliverOn: "2030-04-03" },
      now,
    );
    expect(changed.ok).toBe(true);
    // The old day comes: its job finds its round gone.
    await runnerAt(new Date("2030-04-01T10:00:00Z")).runDue();
    expect(await giftEmails(recipientEmail)).toEqual([]);
    expect(await giftEmails(newAddress)).toEqual([]);
    await runnerAt(new Date("2030-04-03T09:01:00Z")).runDue();
    expect(await giftEmails(newAddress)).toHaveLength(1);
    // Delivered: no more changes.
    expect(
      await changeDelivery(
        db(),
        me,
        gift.id,
        { recipientEmail, deliverOn: "2030-04-05" },
        new Date("2030-04-03T10:00:00Z"),
      ),
    ).toEqual({ ok: false, reason: "delivered" });
    expect((await giftsOf(db(), giver.id, new Date()))[0]).toMatchObject({
      state: "delivered",
      recipientEmail: newAddress,
      mayChange: false,
      mayRefund: true,
    });
    expect(await giftsOf(db(), stranger.id, now)).toEqual([]);
  });

  it("is redeemed once: of two members redeeming at the same moment one wins and becomes a Complete Course member", async () => {
    const { recipientEmail, giver } = await aPaidGift();
    const code = await delivered(recipientEmail);
    const [maya, ines] = [await aMember(db()), await aMember(db())];
    expect(await openGift(db(), code, caller())).toEqual({
      status: "open",
      giverFirstName: "Orla",
      message: "For you and the bump.\nLove, Orla",
    });
    const results = await Promise.all([
      redeemGift(db(), code, { id: maya.id, hasPremium: false }, caller()),
      redeemGift(db(), code, { id: ines.id, hasPremium: false }, caller()),
    ]);
    const outcomes = results.map((r) => r.outcome);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok)).toEqual([{ ok: false, reason: "redeemed" }]);
    const tiers = [await tierOf(maya.id), await tierOf(ines.id)].sort();
    expect(tiers).toEqual(["free", "premium"]);
    expect(await openGift(db(), code, caller())).toEqual({ status: "redeemed" });
    expect((await giftsOf(db(), giver.id, new Date()))[0]).toMatchObject({
      state: "redeemed",
      mayRefund: false,
    });
    // Its giver may not redeem her own gift.
    expect(await tierOf(giver.id)).toBe("free");
  });

  it("tells a member who has the course already, keeps it unredeemed, and offers its giver a refund, once", async () => {
    const { recipientEmail, giver } = await aPaidGift();
    const code = await delivered(recipientEmail);
    const member = await aMember(db());
    await db()
      .insertInto("member_access")
      .values({ user_id: member.id, subscription_tier: "premium" })
      .execute();
    const first = await redeemGift(db(), code, { id: member.id, hasPremium: true }, caller());
    expect(first.outcome).toEqual({ ok: false, reason: "already-had" });
    expect(first.emailId).not.toBeNull();
    const again = await redeemGift(db(), code, { id: member.id, hasPremium: true }, caller());
    expect(again.emailId).toBeNull();
    const offered = await db()
      .selectFrom("email_outbox")
      .select("subject")
      .where("to_address", "=", giver.email)
      .where("kind", "=", "gift-already-had")
      .execute();
    expect(offered).toEqual([{ subject: "About your gift on Tidewell" }]);
    expect((await giftsOf(db(), giver.id, new Date()))[0]).toMatchObject({
      state: "already-had",
      mayRefund: true,
    });
  });

  it("refunded before it is redeemed: its link stops working and no one's course changes", async () => {
    const { giver, ref, recipientEmail } = await aPaidGift();
    const code = await delivered(recipientEmail);
    expect(await revokePurchase(db(), ref, ctx)).toBe("revoked");
    expect(await openGift(db(), code, caller())).toEqual({ status: "refunded" });
    const member = await aMember(db());
    expect((await redeemGift(db(), code, { id: member.id, hasPremium: false }, caller())).outcome).toEqual({
      ok: false,
      reason: "refunded",
    });
    expect(await tierOf(member.id)).toBe("free");
    expect(await tierOf(giver.id)).toBe("free");
    expect((await giftsOf(db(), giver.id, new Date()))[0]).toMatchObject({
      state: "refunded",
      mayRefund: false,
    });
  });

  it("refunded after it is redeemed: the course leaves its recipient, and she is told", async () => {
    const endedFor = (email: string) =>
      db()
        .selectFrom("email_outbox")
        .select(["subject", "text_body"])
        .where("to_address", "=", email)
        .where("kind", "=", "gift-ended")
        .execute();
    const { ref, recipientEmail } = await aPaidGift();
    const code = await delivered(recipientEmail);
    const member = await aMember(db());
    await redeemGift(db(), code, { id: member.id, hasPremium: false }, caller());
    expect(await tierOf(member.id)).toBe("premium");
    await revokePurchase(db(), ref, ctx);
    expect(await tierOf(member.id)).toBe("free");
    const told = await endedFor(member.email);
    expect(told).toHaveLength(1);
    expect(told[0]!.text_body).toContain("refunded to the person who gave it");
  });

  it("never counts as the giver's own course: she may still buy it for herself", async () => {
    const { giver } = await aPaidGift();
    const own = { provider: "stripe" as const, providerPaymentId: `pi_${crypto.randomUUID()}` };
    await recordPendingPurchase(db(), own, giver.id, { price, offerId: null });
    expect((await grantPurchase(db(), { ...own, ...price }, ctx)).granted).toBe(true);
    expect(await tierOf(giver.id)).toBe("premium");
  });

  it("takes a code for gifts only, which the course bought for herself does not", async () => {
    const code = `GIFT-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
    await createOffer(db(), {
      code,
      kind: "percent",
      value: 20,
      startsAt: new Date("2020-01-01T00:00:00Z"),
      endsAt: new Date("2099-01-01T00:00:00Z"),
      maxUses: 5,
      giftsOnly: true,
    });
    const member = await aMember(db());
    const at = new Date();
    expect(await holdOffer(db(), code, member.id, price, at)).toEqual({
      ok: false,
      message: "That code is for gifts only",
    });
    expect(await holdOffer(db(), code, member.id, price, at, true)).toMatchObject({
      ok: true,
      price: { amountMinor: 2160, currency: "EUR" },
    });
  });

  it("counts links that find no gift against the address, and stops answering past the limit", async () => {
    const ip = "198.51.100.7";
    const at = { now: new Date(), clientIp: ip };
    for (let i = 0; i < GIFT_MISS_LIMIT.limit - 1; i += 1) {
      expect(await openGift(db(), crypto.randomBytes(32).toString("base64url"), at)).toEqual({
        status: "unknown",
      });
    }
    expect(await openGift(db(), "not-a-code", at)).toEqual({ status: "unknown" });
    expect(await openGift(db(), crypto.randomBytes(32).toString("base64url"), at)).toEqual({
      status: "limited",
    });
  });
});
