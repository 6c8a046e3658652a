import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { aMember } from "../../../tests/factories/index.ts";
import { readStudioForm, offerForms } from "./forms.ts";
import { answerOfferForm, studioOffers } from "./offers.server.ts";

const PRICE = { amountMinor: 2700, currency: "EUR" };
const NOW = new Date("2026-11-15T12:00:00Z");

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  const read = readStudioForm(data, offerForms);
  if (!read.ok) throw new Error(read.message);
  return read.form;
}

const NEW_CODE = {
  intent: "create",
  code: " midwife-20 ",
  kind: "percent",
  value: "20",
  starts: "2026-11-01",
  ends: "2026-11-30",
  maxUses: "50",
};

describe.each(testDialects)("the studio's offers on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  async function anOwner(checkedAt: Date | null = NOW) {
    const { id, email } = await aMember(database.db, { emailVerified: true });
    return { id, email, name: "Niamh", sessionId: "session", checkedAt, ip: "203.0.113.9" };
  }
  const codes = async () => (await studioOffers(database.db, PRICE, NOW)).map((offer) => offer.code);
  const context = async (checkedAt?: Date | null) => ({
    owner: await anOwner(checkedAt),
    price: PRICE,
    timeZone: "Europe/Dublin",
    now: NOW,
  });

  it("makes a code in her words, on her clock's days, audited, and ends it early once", async () => {
    const ctx = await context();
    expect(await answerOfferForm(database.db, ctx, form(NEW_CODE))).toEqual({
      ok: true,
      message: "MIDWIFE-20 is ready: 20% off.",
      next: "/studio/offers",
    });
    const [offer] = await studioOffers(database.db, PRICE, NOW);
    expect(offer).toMatchObject({
      code: "MIDWIFE-20",
      terms: "20% off",
      // Dublin is on UTC in November: from the first day's midnight to the end of the last.
      startsAt: "2026-11-01T00:00:00.000Z",
      endsAt: "2026-12-01T00:00:00.000Z",
      uses: 0,
      maxUses: 50,
      revenue: "€0",
      open: true,
    });
    expect(await answerOfferForm(database.db, ctx, form(NEW_CODE))).toMatchObject({
      ok: false,
      status: 409,
      message: "There is a code MIDWIFE-20 already.",
    });

    const end = form({ intent: "end", offer: offer!.id });
    expect(await answerOfferForm(database.db, ctx, end)).toMatchObject({ ok: true });
    expect(await answerOfferForm(database.db, ctx, end)).toMatchObject({ ok: false, status: 409 });
    expect((await studioOffers(database.db, PRICE, NOW))[0]).toMatchObject({ open: false });
    const log = await database.db
      .selectFrom("audit_log")
      .select(["action", "detail"])
      .where("actor_id", "=", ctx.owner.id)
      .orderBy("at")
      .execute();
    expect(log.map((entry) => [entry.action, JSON.parse(entry.detail)])).toEqual([
      ["offer.created", { code: "MIDWIFE-20", percentOff: 20, maxUses: 50 }],
      ["offer.ended", { code: "MIDWIFE-20" }],
    ]);
  });

  it("refuses terms that make no sense, and changes nothing", async () => {
    const ctx = await context();
    for (const [fields, message] of [
      [
        { ...NEW_CODE, code: "AMOUNT", kind: "amount", value: "27" },
        "An amount off must be less than the price (€27).",
      ],
      [{ ...NEW_CODE, code: "TOO-MUCH", value: "120" }, "A percentage off is a whole number from 1 to 100."],
      [
        { ...NEW_CODE, code: "BACKWARDS", starts: "2026-11-30", ends: "2026-11-01" },
        "The last day can't be before the first.",
      ],
    ] as const) {
      expect(await answerOfferForm(database.db, ctx, form(fields))).toEqual({
        ok: false,
        status: 400,
        message,
      });
    }
    const data = new FormData();
    for (const [name, value] of Object.entries({ ...NEW_CODE, code: "no spaces please" }))
      data.set(name, value);
    expect(readStudioForm(data, offerForms)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/letters, digits or hyphens/),
    });
    const refused = ["AMOUNT", "TOO-MUCH", "BACKWARDS"];
    expect((await codes()).filter((code) => refused.includes(code))).toEqual([]);
  });

  it("asks for her second factor again first when it isn't recent", async () => {
    const ctx = await context(new Date(NOW.getTime() - 60 * 60_000));
    await expect(
      answerOfferForm(database.db, ctx, form({ ...NEW_CODE, code: "LATER" })),
    ).rejects.toMatchObject({ status: 302 });
    expect(await codes()).not.toContain("LATER");
  });
});
