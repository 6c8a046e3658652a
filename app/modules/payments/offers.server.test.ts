import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#app/platform/log.server.ts";
import type { Member } from "#app/modules/accounts/session.server.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { memberView } from "../../../tests/support/members.ts";
import { aMember } from "../../../tests/factories/index.ts";
import { startFakeStripe, type FakeStripe } from "../../../dev/fakes/stripe.ts";
import { startFakePayPal, type FakePayPal } from "../../../dev/fakes/paypal.ts";
import {
  capturePayPalOrder,
  CODE_LIMITS,
  confirmCardPayment,
  priceCode,
  startCardPayment,
  startPayPalOrder,
  type CheckoutDeps,
} from "./checkout.server.ts";
import { createOffer, endOffer, listOffers, quoteCode, type NewOffer } from "./offers.server.ts";
import type { Payments } from "./payments.server.ts";
import { createPayPalApi } from "./paypal.server.ts";
import { createStripeApi } from "./stripe.server.ts";

const PRICE = { amountMinor: 2700, currency: "EUR" };
const SECRET_KEY = "sk_test_offers";
const NOW = new Date("2026-11-15T12:00:00Z");

/**
 * Codes at checkout on a real database, against fakes of Stripe's and PayPal's
 * APIs: the server's price for a code, the hold on a use taken as the payment
 * starts, the last use raced, a lapsed hold, and one use counted per success.
 */
describe.each(testDialects)("offers at checkout on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let stripeFake: FakeStripe;
  let paypalFake: FakePayPal;
  let stripe: Stripe;
  let payments: Payments;
  let codes = 0;

  beforeAll(async () => {
    stripeFake = await startFakeStripe({ webhookSecret: "whsec_offers" });
    paypalFake = await startFakePayPal({
      clientId: "client",
      clientSecret: "secret",
      webhookRetryDelaysMs: [],
    });
    stripe = new Stripe(SECRET_KEY, {
      host: "127.0.0.1",
      port: stripeFake.port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    payments = {
      mode: "live",
      price: PRICE,
      stripe: createStripeApi({
        secretKey: SECRET_KEY,
        publishableKey: "pk_test",
        webhookSecret: "whsec_offers",
        apiBase: stripeFake.url,
      }),
      paypal: createPayPalApi({
        clientId: "client",
        clientSecret: "secret",
        apiBase: paypalFake.url,
        env: "sandbox",
        webhookId: paypalFake.webhookId,
      }),
      demo: null,
      close: async () => {},
    };
  });
  afterAll(async () => {
    await stripeFake?.close();
    await paypalFake?.close();
  });

  /** The checkout as it runs at `at`. */
  function depsAt(at: Date): CheckoutDeps {
    return {
      db: database.db,
      payments,
      mailer: { deliverSoon: () => {} },
      log: createLogger("silent"),
      grant: {
        price: PRICE,
        baseUrl: "https://tidewell.example",
        supportEmail: "hello@tidewell.example",
        now: at,
      },
    };
  }
  let deps: CheckoutDeps;
  beforeAll(() => {
    deps = depsAt(NOW);
  });

  async function newMember(): Promise<Member> {
    const { id, email } = await aMember(database.db, { emailVerified: true });
    return memberView({ id, email });
  }

  async function anOffer(terms: Partial<NewOffer> = {}) {
    const code = `SPRING-${++codes}-${dialect.toUpperCase()}`;
    const created = await createOffer(database.db, {
      code,
      kind: "percent",
      value: 20,
      startsAt: new Date("2026-11-01T00:00:00Z"),
      endsAt: new Date("2026-12-01T00:00:00Z"),
      maxUses: 5,
      giftsOnly: false,
      ...terms,
    });
    if (!created) throw new Error("code taken");
    return { id: created.id, code };
  }

  const offerOf = async (id: string) => (await listOffers(database.db)).find((offer) => offer.id === id)!;
  const holdsOn = async (offerId: string) =>
    database.db.selectFrom("offer_holds").selectAll().where("offer_id", "=", offerId).execute();

  async function payByCard(member: Member, code: string | null, at = NOW) {
    const started = await startCardPayment(depsAt(at), member, { code });
    if (!started.ok) throw new Error(started.error);
    await stripe.paymentIntents.confirm(started.paymentIntentId, { payment_method: "pm_card_visa" });
    return { started, confirmed: await confirmCardPayment(depsAt(at), member, started.paymentIntentId) };
  }

  it("charges the code's price, whatever the case she typed it in, and counts one use when the payment succeeds", async () => {
    const offer = await anOffer();
    const member = await newMember();
    const typed = `  ${offer.code.toLowerCase()} `;
    expect(await quoteCode(database.db, typed, member.id, PRICE, NOW)).toMatchObject({
      ok: true,
      price: { amountMinor: 2160, currency: "EUR" },
    });

    const started = await startCardPayment(deps, member, { code: typed });
    if (!started.ok) throw new Error(started.error);
    expect(stripeFake.intents.get(started.paymentIntentId)).toMatchObject({ amount: 2160, currency: "eur" });
    expect(await holdsOn(offer.id)).toHaveLength(1);
    expect((await offerOf(offer.id)).uses).toBe(0);

    await stripe.paymentIntents.confirm(started.paymentIntentId, { payment_method: "pm_card_visa" });
    expect(await confirmCardPayment(deps, member, started.paymentIntentId)).toMatchObject({ premium: true });
    // Asked again (the webhook, a reload): still one use.
    expect(await confirmCardPayment(deps, member, started.paymentIntentId)).toMatchObject({ premium: true });
    expect(await offerOf(offer.id)).toMatchObject({ uses: 1, revenueMinor: 2160 });
    expect(await holdsOn(offer.id)).toHaveLength(0);
    const receipt = await database.db
      .selectFrom("email_outbox")
      .select("text_body")
      .where("to_address", "=", member.email)
      .where("kind", "=", "receipt")
      .executeTakeFirstOrThrow();
    expect(receipt.text_body).toContain("€21.60");
  });

  it("makes a new card intent for a code, and a PayPal order for the code's amount", async () => {
    const offer = await anOffer({ kind: "amount", value: 500 });
    const member = await newMember();
    const full = await startCardPayment(deps, member);
    const withCode = await startCardPayment(deps, member, { code: offer.code });
    if (!full.ok || !withCode.ok) throw new Error("not started");
    expect(withCode.paymentIntentId).not.toBe(full.paymentIntentId);
    expect(stripeFake.intents.get(withCode.paymentIntentId)?.amount).toBe(2200);

    const order = await startPayPalOrder(deps, member, { code: offer.code });
    if (!order.ok) throw new Error(order.error);
    expect(paypalFake.orders.get(order.id)?.purchase_units[0]?.amount).toEqual({
      currency_code: "EUR",
      value: "22.00",
    });
    paypalFake.approve(order.id);
    expect(await capturePayPalOrder(deps, member, order.id)).toMatchObject({ ok: true, status: "COMPLETED" });
    expect(await offerOf(offer.id)).toMatchObject({ uses: 1, revenueMinor: 2200 });
  });

  it("gives the last use to one of two buyers starting at once; the other is told before paying, and can pay the full price", async () => {
    const offer = await anOffer({ maxUses: 1 });
    const [amara, bea] = [await newMember(), await newMember()];
    const results = await Promise.all(
      [amara, bea].map((member) => startCardPayment(deps, member, { code: offer.code })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const lost = results.find((result) => !result.ok);
    expect(lost).toMatchObject({ status: 409, error: "That code has been used as many times as it can be" });
    const loser = results[0]!.ok ? bea : amara;
    expect(
      await database.db.selectFrom("purchases").select("id").where("user_id", "=", loser.id).execute(),
    ).toEqual([]);
    expect(await holdsOn(offer.id)).toHaveLength(1);

    const { confirmed } = await payByCard(loser, null);
    expect(confirmed).toMatchObject({ premium: true });
    expect((await offerOf(offer.id)).uses).toBe(0);
  });

  it("frees a use once its hold has lapsed, so an abandoned checkout keeps no one from the code", async () => {
    const offer = await anOffer({ maxUses: 1 });
    const [left, later] = [await newMember(), await newMember()];
    expect(await startCardPayment(deps, left, { code: offer.code })).toMatchObject({ ok: true });
    const soon = new Date(NOW.getTime() + 29 * 60_000);
    expect(await startCardPayment(depsAt(soon), later, { code: offer.code })).toMatchObject({
      ok: false,
      status: 409,
    });

    const lapsed = new Date(NOW.getTime() + 31 * 60_000);
    const { started, confirmed } = await payByCard(later, offer.code, lapsed);
    expect(stripeFake.intents.get(started.paymentIntentId)?.amount).toBe(2160);
    expect(confirmed).toMatchObject({ premium: true });
    expect(await offerOf(offer.id)).toMatchObject({ uses: 1, revenueMinor: 2160 });
    // The one who left comes back: the code's one use is gone.
    expect(await startCardPayment(depsAt(lapsed), left, { code: offer.code })).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  it("lets a declined PayPal payment's hold go at once", async () => {
    const offer = await anOffer({ maxUses: 1 });
    const [declined, next] = [await newMember(), await newMember()];
    const order = await startPayPalOrder(deps, declined, { code: offer.code });
    if (!order.ok) throw new Error(order.error);
    paypalFake.approve(order.id);
    paypalFake.setOutcome(order.id, "DECLINED");
    expect(await capturePayPalOrder(deps, declined, order.id)).toMatchObject({ ok: false, status: 402 });
    expect(await holdsOn(offer.id)).toHaveLength(0);
    expect(await startCardPayment(deps, next, { code: offer.code })).toMatchObject({ ok: true });
  });

  it("refuses a code that gives nothing in plain words, and starts nothing", async () => {
    const member = await newMember();
    const ended = await anOffer();
    await endOffer(database.db, ended.id, new Date("2026-11-10T00:00:00Z"));
    const giftsOnly = await anOffer({ giftsOnly: true });
    const future = await anOffer({ startsAt: new Date("2026-11-20T00:00:00Z") });
    for (const [code, error] of [
      ["NO-SUCH-CODE", "We don't know that code"],
      ["not a code!", "We don't know that code"],
      [ended.code, "That code has ended"],
      [giftsOnly.code, "That code is for gifts only"],
      [future.code, "That code hasn't started yet"],
    ]) {
      expect(await startCardPayment(deps, member, { code })).toEqual({ ok: false, status: 409, error });
      expect(await startPayPalOrder(deps, member, { code })).toEqual({ ok: false, status: 409, error });
    }
    expect(
      await database.db.selectFrom("purchases").select("id").where("user_id", "=", member.id).execute(),
    ).toEqual([]);
    expect(
      await database.db
        .selectFrom("offer_holds")
        .select("offer_id")
        .where("user_id", "=", member.id)
        .execute(),
    ).toEqual([]);
  });

  it("prices a code before she pays, saying only how much it takes off, and holds nothing", async () => {
    const offer = await anOffer({ maxUses: 1 });
    const member = await newMember();
    expect(await priceCode(deps, member, offer.code)).toEqual({
      ok: true,
      price: "€21.60",
      saving: "This code gives €5.40 off",
    });
    expect(await holdsOn(offer.id)).toHaveLength(0);
    expect(await priceCode(deps, member, "NOPE-NOPE")).toEqual({
      ok: false,
      status: 409,
      error: "We don't know that code",
    });
    expect(await priceCode(deps, null, offer.code)).toMatchObject({ ok: false, status: 401 });
  });

  it("lets a member try only so many codes in an hour, however many she sends at once", async () => {
    const member = await newMember();
    const tries = CODE_LIMITS.member.limit + 5;
    const answers = await Promise.all(
      Array.from({ length: tries }, (_, n) => priceCode(deps, member, `GUESS-${n}`)),
    );
    expect(answers.filter((answer) => !answer.ok && answer.status === 409)).toHaveLength(
      CODE_LIMITS.member.limit,
    );
    expect(answers.filter((answer) => !answer.ok && answer.status === 429)).toHaveLength(5);
  });

  it("never charges below the providers' minimum", async () => {
    const offer = await anOffer({ kind: "percent", value: 100 });
    const member = await newMember();
    const { started, confirmed } = await payByCard(member, offer.code);
    expect(stripeFake.intents.get(started.paymentIntentId)?.amount).toBe(50);
    expect(confirmed).toMatchObject({ premium: true });
  });
});
