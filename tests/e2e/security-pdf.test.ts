import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIRTH_PLAN_INTENTS } from "#app/modules/birth-plan/forms.ts";
import { NOTE_MAX_LENGTH, noteField } from "#app/modules/birth-plan/plan.ts";
import { PDF_LIMITS, pdfMessages } from "#app/modules/birth-plan/pdf-service.server.ts";
import type { SectionId } from "#app/modules/birth-plan/sections.ts";
import { cpuMs } from "../../scripts/bench-server.ts";
import { pdfText } from "../support/pdf-text.ts";
import { startServer, type ServerProcess } from "../support/server-process.ts";
import { signUpMember, type Member } from "./support/security.ts";

const PDF = "/portal/birth-preferences.pdf";
const MEMBERS = 20;
/** The notes each plan holds: as many as fit whole on the page. */
const NOTED: SectionId[] = ["environment", "partner-role", "pain-relief"];

/** A note of one unbroken word (not even a hyphen), as long as a note may be: the hardest text to lay out. */
const unbrokenNote = (member: number, section: SectionId) =>
  `${section.replaceAll("-", "")}${member}`.padEnd(NOTE_MAX_LENGTH, "x");

/**
 * The birth preferences PDF asked for hard: notes that are single 1,000-character words (within the form's
 * limits) once held the server's event loop for more than a second a PDF, and every visitor waited. Twenty
 * members asking for such PDFs at once must not slow the server's other answers; what it can't make at once it
 * refuses with 503 and a wait, and past its limits with 429.
 */
describe("the birth preferences PDF, asked for hard", () => {
  let server: ServerProcess;
  let members: Member[];

  beforeAll(async () => {
    // The server trusts one proxy hop, so each client counts as the address it sends.
    server = await startServer({ TRUST_PROXY: "1" });
    // A few sign-ups at a time: each hashes a password and sends an email.
    members = [];
    while (members.length < MEMBERS) {
      const from = members.length;
      members.push(
        ...(await Promise.all(
          Array.from({ length: 5 }, (_, i) => signUpMember(server, { label: `pdf-${from + i}` })),
        )),
      );
    }
    await Promise.all(
      members.map(async (member, i) => {
        const notes = Object.fromEntries(
          NOTED.map((section) => [noteField(section), unbrokenNote(i, section)]),
        );
        const saved = await member.client.request("/api/birth-plan", {
          method: "POST",
          form: { intent: BIRTH_PLAN_INTENTS.save, ...notes },
        });
        expect(saved.status).toBe(200);
      }),
    );
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Asks /healthz again and again, one after another, until `until` settles: each answer's status and time. */
  async function healthWhile(until: Promise<unknown>): Promise<{ status: number; ms: number }[]> {
    let settled = false;
    void until.finally(() => (settled = true));
    const answers: { status: number; ms: number }[] = [];
    while (!settled) {
      const started = performance.now();
      // A connection the server dropped while it was held up counts as no answer (status 0).
      const status = await fetch(`${server.baseUrl}/healthz`).then(
        async (response) => (await response.text(), response.status),
        () => 0,
      );
      answers.push({ status, ms: performance.now() - started });
    }
    return answers;
  }

  const pdfs: (Uint8Array | null)[] = Array.from({ length: MEMBERS }, () => null);

  it("makes them off the event loop: /healthz answered throughout, the main thread a small share of the work", async () => {
    const pid = server.child.pid!;
    const before = { main: cpuMs(pid, pid), all: cpuMs(pid) };
    const burst = Promise.all(members.map((member) => member.client.request(PDF)));
    const health = await healthWhile(burst);
    const responses = await burst;
    const main = cpuMs(pid, pid) - before.main;
    const all = cpuMs(pid) - before.all;

    // Answered every time, never dropped. How fast depends on the machine: `npm run bench` measures that.
    expect(health.length).toBeGreaterThan(5);
    expect(health.every((answer) => answer.status === 200)).toBe(true);
    // The event loop's thread takes the requests (the health checks among them) and sends the files:
    // made on it, the PDFs were nearly all of the server's CPU time (and held /healthz 1,200 ms and
    // more); made in their worker, less than half of it, however busy the machine.
    expect(
      main / all,
      `main thread ${Math.round(main)} ms of the server's ${Math.round(all)} ms`,
    ).toBeLessThan(0.5);

    // Each is her PDF, or, beyond the few the server makes at once, a 503 that says when to try again.
    for (const [i, response] of responses.entries()) {
      if (response.status === 200) {
        expect(response.headers.get("content-type")).toBe("application/pdf");
        pdfs[i] = new Uint8Array(await response.arrayBuffer());
      } else {
        expect(response.status).toBe(503);
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await response.text()).toContain(pdfMessages.busy);
      }
    }
    expect(pdfs.filter(Boolean).length).toBeGreaterThan(0);
  });

  it("prints her unbroken notes whole, tagged, and gives the same PDF again without making it anew", async () => {
    // One at a time, those who were asked to wait are served.
    for (const [i, member] of members.entries()) {
      if (pdfs[i]) continue;
      const response = await member.client.request(PDF);
      expect(response.status).toBe(200);
      pdfs[i] = new Uint8Array(await response.arrayBuffer());
    }
    for (const [i, pdf] of pdfs.entries()) {
      const { text, tagged, roles, pages } = await pdfText(pdf!);
      expect(tagged).toBe(true);
      expect(roles).toEqual(expect.arrayContaining(["H1", "H2", "P"]));
      expect(pages).toBe(1);
      // Broken across lines as any word too long for one; joined again, each note is hers, whole.
      for (const section of NOTED) expect(text.replace(/\n/g, "")).toContain(unbrokenNote(i, section));
    }

    // Asked again, the PDF kept is sent: the very same file, made at the same moment.
    const again = await members[0]!.client.request(PDF);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(pdfs[0]);
    // A changed plan is a new PDF.
    await members[0]!.client.request("/api/birth-plan", {
      method: "POST",
      form: { intent: BIRTH_PLAN_INTENTS.save, [noteField("environment")]: "Please knock before coming in." },
    });
    const changed = await pdfText(
      new Uint8Array(await (await members[0]!.client.request(PDF)).arrayBuffer()),
    );
    expect(changed.text).toContain("Please knock before coming in.");
  });

  it("holds one address to its PDFs in ten minutes, whichever accounts it uses, fired at once", async () => {
    const address = "203.0.113.77";
    const accounts = members.slice(10, 13);
    const extra = 5;
    const responses = await Promise.all(
      Array.from({ length: PDF_LIMITS.address.limit + extra }, (_, i) =>
        fetch(`${server.baseUrl}${PDF}`, {
          headers: {
            cookie: accounts[i % accounts.length]!.client.cookieHeader(),
            "x-forwarded-for": address,
          },
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(PDF_LIMITS.address.limit);
    const refused = responses.filter((response) => response.status === 429);
    expect(refused).toHaveLength(extra);
    for (const response of refused) {
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await response.text()).toContain(pdfMessages.limited);
    }
    // Another address, the same accounts: served.
    const elsewhere = await fetch(`${server.baseUrl}${PDF}`, {
      headers: { cookie: accounts[0]!.client.cookieHeader(), "x-forwarded-for": "203.0.113.78" },
    });
    expect(elsewhere.status).toBe(200);
  });
});
