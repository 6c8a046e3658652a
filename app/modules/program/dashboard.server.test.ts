import { describe, expect, it } from "vitest";
import { createLogger } from "#app/platform/log.server.ts";
import { aMember } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { playable, TRACKS } from "#app/modules/catalogue/tracks.ts";
import { partnerLinks } from "#app/modules/partner/share.server.ts";
import { courseWelcome } from "#app/modules/payments/course-welcome.server.ts";
import { answerDashboardForm } from "./dashboard.server.ts";

describe.each(testDialects)("the dashboard's forms on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const db = () => database.db;

  /** A form as the dashboard posts it, answered for the session's member. */
  const post = (memberId: string, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return answerDashboardForm(form, {
      db: db(),
      log: createLogger("silent"),
      member: { id: memberId, hasPremium: true },
      today: "2026-11-21",
      baseUrl: "http://localhost:3000",
      partnerLink: partnerLinks,
    });
  };
  const welcome = (id: string) => courseWelcome(db(), { id, hasPremium: true }, playable(TRACKS[0]!));

  it("puts away the card of what the Complete Course unlocked, for her only", async () => {
    const { id } = await aMember(db());
    const { id: other } = await aMember(db());
    expect(await welcome(id)).not.toBeNull();
    expect(await post(id, { intent: "put-away-welcome" })).toEqual({
      intent: "put-away-welcome",
      ok: true,
      status: 200,
    });
    expect(await welcome(id)).toBeNull();
    expect(await welcome(other)).not.toBeNull();
  });

  it("answers any other form as the programme's", async () => {
    const { id } = await aMember(db());
    expect(await post(id, { intent: "no-such-form" })).toEqual({
      intent: "no-such-form",
      ok: false,
      status: 400,
      toast: { type: "error", message: "That didn't look right. Please try again." },
    });
  });
});
