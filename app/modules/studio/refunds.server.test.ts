import { describe, expect, it, vi } from "vitest";
import type { CheckoutDeps } from "#app/modules/payments/checkout.server.ts";
import { setSubscriptionTier } from "#app/modules/payments/access.server.ts";
import type { Payments } from "#app/modules/payments/payments.server.ts";
import type { StripeApi } from "#app/modules/payments/stripe.server.ts";
import { createLogger } from "#app/platform/log.server.ts";
import { aMember, aPurchase } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { auditEntries } from "./audit.server.ts";
import type { RefundForm } from "./forms.ts";
import { answerRefundForm, checkPurpose, refundablePurchases, refundConfirmation } from "./refunds.server.ts";
import { refundPath } from "./refunds.ts";
import type { StudioOwner } from "./studio.server.ts";

const PRICE = { amountMinor: 2700, currency: "EUR" };

/** What a form's answer threw: the way to the check, when the second factor is not recent. */
async function thrown(answer: Promise<unknown>): Promise<Response | null> {
  try {
    await answer;
    return null;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

/**
 * The studio's refund, from its confirmation's form to the provider and back, on a real database: the
 * provider is a stand-in that counts the refunds it is asked for and answers when the test lets it.
 */
describe.each(testDialects)("an owner's refund from the studio, on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;

  const now = new Date();
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  /** The provider: each refund it is asked for, and what it does with it (by default, takes it). */
  const provider = {
    asked: [] as string[],
    answer: (): Promise<void> => Promise.resolve(),
  };
  const deps = (): CheckoutDeps => ({
    db: db(),
    payments: {
      mode: "live",
      price: PRICE,
      stripe: {
        publishableKey: "pk_test",
        async refundPayment(paymentIntentId: string) {
          provider.asked.push(paymentIntentId);
          await provider.answer();
        },
      } as unknown as StripeApi,
      paypal: null,
      demo: null,
      close: async () => {},
    } satisfies Payments,
    mailer: { deliverSoon: () => {} },
    log: createLogger("silent"),
    grant: { price: PRICE, baseUrl: "https://tidewell.example", supportEmail: "hello@tidewell.example" },
  });

  async function ownerChecked(checkedAt: Date): Promise<StudioOwner> {
    const account = await aMember(db(), { name: "Olive Owner" });
    return { ...account, sessionId: "a-session", checkedAt, ip: "203.0.113.7" };
  }

  /** A member who paid for the course (with premium, as the grant left her) and her purchase. */
  async function paidMember(name = "Aoife Murphy") {
    const member = await aMember(db(), { name });
    const purchase = await aPurchase(db(), member.id, {
      succeeded_at: minutesAgo(3 * 24 * 60).toISOString(),
    });
    await setSubscriptionTier(db(), member.id, "premium", now.toISOString());
    return { member, purchase };
  }

  const form = (fields: Partial<RefundForm> = {}): RefundForm => ({
    intent: "refund",
    reason: "guarantee",
    note: "",
    back: "/studio/purchases",
    ...fields,
  });

  const refundEmailsTo = (email: string) =>
    db()
      .selectFrom("email_outbox")
      .select(["subject", "text_body"])
      .where("to_address", "=", email)
      .where("kind", "=", "refund")
      .execute();
  const purchaseRow = (id: string) =>
    db()
      .selectFrom("purchases")
      .select(["status", "refund_reason", "refund_started_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const tierOf = async (memberId: string) =>
    (
      await db()
        .selectFrom("member_access")
        .select("subscription_tier")
        .where("user_id", "=", memberId)
        .executeTakeFirst()
    )?.subscription_tier ?? "free";

  it("asks for the second factor again first, back to the refund's confirmation, changing nothing", async () => {
    const owner = await ownerChecked(minutesAgo(11));
    const { member, purchase } = await paidMember();
    const back = `/studio/members/${member.id}`;
    const redirect = await thrown(answerRefundForm(deps(), owner, purchase.id, form({ back }), now));
    expect(redirect?.status).toBe(302);
    expect(redirect?.headers.get("Location")).toBe(
      `/studio/check?again=1&next=${encodeURIComponent(`/studio/purchases/${purchase.id}/refund?back=${encodeURIComponent(back)}`)}`,
    );
    expect(provider.asked).not.toContain(purchase.provider_payment_id);
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: "succeeded", refund_started_at: null });
  });

  it("says what the check is for when it interrupts a refund, and nothing for any other page", async () => {
    const { purchase } = await paidMember("Aoife Murphy");
    expect(await checkPurpose(db(), refundPath(purchase.id, "/studio/purchases"), now)).toEqual({
      heading: "Confirm it's you to refund €27 to Aoife Murphy",
      then: "Enter your authenticator code. Then you're back at the refund, to give your reason and make it.",
    });
    expect(await checkPurpose(db(), "/studio/members?q=aoife", now)).toBeNull();
    expect(await checkPurpose(db(), refundPath("no-such-purchase", "/studio"), now)).toBeNull();
  });

  it("refunds once when the confirmation is sent five times at once: one provider refund, one entry, one email", async () => {
    const owner = await ownerChecked(minutesAgo(2));
    const { member, purchase } = await paidMember();
    // The provider holds the first refund until the test lets it go.
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    provider.answer = () => held;
    const answers = Array.from({ length: 5 }, () =>
      answerRefundForm(
        deps(),
        owner,
        purchase.id,
        form({ reason: "other", note: "Her bank charged her twice", back: `/studio/members/${member.id}` }),
        now,
      ),
    );
    const settled: unknown[] = [];
    for (const answer of answers) void answer.then((done) => settled.push(done));
    // The four that came second find it under way while the provider still has the first.
    await vi.waitFor(() => expect(settled).toHaveLength(4), { timeout: 30_000 });
    expect(settled).toEqual(
      Array(4).fill({
        ok: false,
        status: 409,
        message: "This refund is under way already: look again in a minute.",
      }),
    );
    letGo();
    provider.answer = () => Promise.resolve();
    expect((await Promise.all(answers)).filter((answer) => answer.ok)).toEqual([
      {
        ok: true,
        message: "Refunded €27 to Aoife Murphy. Her premium has ended, and she has an email to say so.",
        next: `/studio/members/${member.id}`,
      },
    ]);
    expect(provider.asked.filter((id) => id === purchase.provider_payment_id)).toHaveLength(1);
    expect(await purchaseRow(purchase.id)).toEqual({
      status: "refunded",
      refund_reason: "other",
      refund_started_at: null,
    });
    expect(await tierOf(member.id)).toBe("free");
    const entries = await auditEntries(db(), { subjectId: member.id });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "purchase.refunded",
      actorId: owner.id,
      detail: {
        purchase: purchase.id,
        amountMinor: 2700,
        currency: "EUR",
        provider: "stripe",
        because: "other",
      },
      reason: "Her bank charged her twice",
    });
    const emails = await refundEmailsTo(member.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe("Your refund from Tidewell");
    // Her note is the owner's: it is not in the email.
    expect(emails[0]!.text_body).not.toContain("charged her twice");

    // Asked again later, the page finds it refunded, and the provider is not asked.
    expect(await answerRefundForm(deps(), owner, purchase.id, form(), now)).toEqual({
      ok: false,
      status: 409,
      message: "This payment is refunded already.",
    });
    expect(provider.asked.filter((id) => id === purchase.provider_payment_id)).toHaveLength(1);
    expect(await refundConfirmation(db(), purchase.id, now)).toMatchObject({
      state: { kind: "refunded", reason: "Another reason" },
    });
  });

  it("changes nothing when the provider refuses, so she can try again", async () => {
    const owner = await ownerChecked(minutesAgo(2));
    const { member, purchase } = await paidMember();
    provider.answer = () => Promise.reject(new Error("Stripe is down"));
    expect(await answerRefundForm(deps(), owner, purchase.id, form({ reason: "mistake" }), now)).toEqual({
      ok: false,
      status: 502,
      message: "Stripe didn't take the refund. Nothing has changed; please try again.",
    });
    provider.answer = () => Promise.resolve();
    expect(await purchaseRow(purchase.id)).toEqual({
      status: "succeeded",
      refund_reason: null,
      refund_started_at: null,
    });
    expect(await tierOf(member.id)).toBe("premium");
    expect(await auditEntries(db(), { subjectId: member.id })).toEqual([]);
    expect(await refundEmailsTo(member.email)).toEqual([]);

    expect(
      await answerRefundForm(deps(), owner, purchase.id, form({ reason: "mistake" }), now),
    ).toMatchObject({
      ok: true,
    });
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: "refunded", refund_reason: "mistake" });
  });

  it("takes up a refund a stopped server left under way, once its two minutes have passed", async () => {
    const owner = await ownerChecked(minutesAgo(2));
    const { purchase } = await paidMember();
    const leftAt = (minutes: number) =>
      db()
        .updateTable("purchases")
        .set({ refund_started_at: minutesAgo(minutes).toISOString() })
        .where("id", "=", purchase.id)
        .execute();
    await leftAt(1);
    expect(await refundConfirmation(db(), purchase.id, now)).toMatchObject({ state: { kind: "under-way" } });
    // A conversation with her offers no refund while one is under way.
    expect(await refundablePurchases(db(), purchase.user_id!, now)).toEqual([]);
    expect(await answerRefundForm(deps(), owner, purchase.id, form(), now)).toMatchObject({ status: 409 });
    await leftAt(3);
    expect(await refundConfirmation(db(), purchase.id, now)).toMatchObject({ state: { kind: "refundable" } });
    expect(await refundablePurchases(db(), purchase.user_id!, now)).toEqual([
      { id: purchase.id, amount: "€27", method: "card" },
    ]);
    expect(await answerRefundForm(deps(), owner, purchase.id, form(), now)).toMatchObject({ ok: true });
  });

  it("asks for her words when she chose another reason, before anything is refunded", async () => {
    const owner = await ownerChecked(minutesAgo(2));
    const { purchase } = await paidMember();
    expect(
      await answerRefundForm(deps(), owner, purchase.id, form({ reason: "other", note: "" }), now),
    ).toEqual({
      ok: false,
      status: 400,
      message: 'You chose "Another reason": please say what it is, in a few words (up to 300 characters).',
    });
    expect(provider.asked).not.toContain(purchase.provider_payment_id);
  });

  it("refunds a deleted account's payment, emailing no one and keeping no words", async () => {
    const owner = await ownerChecked(minutesAgo(2));
    const purchase = await aPurchase(db(), null, { succeeded_at: now.toISOString() });
    expect(await answerRefundForm(deps(), owner, purchase.id, form({ reason: "other" }), now)).toEqual({
      ok: true,
      message: "Refunded €27 to a deleted account.",
      next: "/studio/purchases",
    });
    const [entry] = (await auditEntries(db(), { limit: 500 })).filter(
      (candidate) => candidate.detail.purchase === purchase.id,
    );
    expect(entry).toMatchObject({ subjectId: null, reason: null, detail: { because: "other" } });
  });

  it("holds each owner to twenty refunds an hour", async () => {
    const owner = await ownerChecked(minutesAgo(2));
    for (let i = 0; i < 20; i++) {
      expect(await answerRefundForm(deps(), owner, "no-such-purchase", form(), now)).toMatchObject({
        status: 404,
      });
    }
    const { purchase } = await paidMember();
    expect(await answerRefundForm(deps(), owner, purchase.id, form(), now)).toMatchObject({
      ok: false,
      status: 429,
    });
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: "succeeded" });
  });
});
