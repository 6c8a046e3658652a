import crypto from "node:crypto";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "#app/modules/accounts/auth.server.ts";
import { saveDueDate } from "#app/modules/program/program.server.ts";
import { turnOnCalendarFeed } from "#app/modules/reminders/calendar-feed.server.ts";
import { reminderKeys } from "#app/modules/reminders/reminders.server.ts";
import { type AppServices } from "#app/services.server.ts";
import { servicesContext } from "#app/request.server.ts";
import { aMember } from "../../../tests/factories/index.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { loader } from "./calendar-feed.ts";

const SECRET = "a-test-secret-that-is-long-enough-for-hkdf";

describe.each(testDialects)("GET /calendar/<token>.ics on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  /** The route as the server calls it, with only the services it uses. */
  const get = (file: string, ip = "203.0.113.9") => {
    const services = {
      env: { BASE_URL: "https://tidewell.example" },
      clock: { now: () => new Date("2026-11-21T10:00:00Z") },
      database: { db: database.db },
      secret: SECRET,
    } as unknown as AppServices;
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    const request = new Request(`https://tidewell.example/calendar/${file}`, {
      headers: { [CLIENT_IP_HEADER]: ip },
    });
    return loader({ request, context, params: { file }, url: new URL(request.url), pattern: "" } as never);
  };

  it("serves her feed as a private, unindexed calendar", async () => {
    const { id } = await aMember(database.db);
    await saveDueDate(database.db, id, { dueDate: "2026-12-05", timeZone: "Europe/London" }, "2026-11-21");
    const token = await turnOnCalendarFeed(database.db, id, reminderKeys(SECRET).calendar);
    const response = await get(`${token}.ics`);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "text/calendar; charset=utf-8",
      "cache-control": "private, max-age=3600",
      "x-robots-tag": "noindex, nofollow",
      "content-disposition": 'inline; filename="tidewell-practice.ics"',
    });
    const body = await response.text();
    expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(14);
    expect(body).toContain("DTSTART:20261121T200000Z");
  });

  it("answers anything else with the same plain 404, and a client guessing with 429", async () => {
    const bodies = new Set<string>();
    for (const file of [`${crypto.randomBytes(32).toString("base64url")}.ics`, "nope.ics", "x"]) {
      const response = await get(file, "203.0.113.10");
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(response.headers.get("x-robots-tag")).toContain("noindex");
      bodies.add(await response.text());
    }
    expect(bodies.size).toBe(1);

    const statuses = await Promise.all(
      Array.from({ length: 80 }, async () => (await get("guess.ics", "203.0.113.11")).status),
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    const refused = await get("guess.ics", "203.0.113.11");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/^Too many attempts/);
  });
});
