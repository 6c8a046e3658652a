import { describe, expect, it } from "vitest";
import { signedInMember } from "../../../tests/support/members.ts";
import { testDialects, useTestDatabase } from "../../../tests/support/test-databases.ts";
import { useTestServices } from "../../../tests/support/test-services.ts";
import { auditEntries } from "./audit.server.ts";
import type { MemberForm } from "./forms.ts";
import { answerMemberForm } from "./member-actions.server.ts";
import { createOwner } from "./owners.server.ts";
import type { StudioOwner } from "./studio.server.ts";

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

describe.each(testDialects)("a member page's forms, on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const services = useTestServices(database, { BASE_URL: "http://localhost:3995" });

  const now = new Date();
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  /** An owner in the studio whose second factor was given `checkedAt`. */
  async function ownerChecked(checkedAt: Date): Promise<StudioOwner> {
    const account = await signedInMember(services, { name: "Olive Owner" });
    await createOwner(services.database.db, account.email);
    return { ...account, name: "Olive Owner", sessionId: "a-session", checkedAt, ip: "203.0.113.7" };
  }
  const answer = (owner: StudioOwner, memberId: string, form: MemberForm) =>
    answerMemberForm(
      { auth: services.auth, database: services.database, dataDir: services.env.DATA_DIR },
      owner,
      memberId,
      form,
      now,
    );
  const tierOf = async (memberId: string) =>
    (
      await services.database.db
        .selectFrom("member_access")
        .select("subscription_tier")
        .where("user_id", "=", memberId)
        .executeTakeFirst()
    )?.subscription_tier ?? "free";

  it("grants premium with the reason kept beside its entry, and says when there is nothing to change", async () => {
    const owner = await ownerChecked(minutesAgo(60));
    const member = await signedInMember(services);
    expect(await answer(owner, member.id, { intent: "grant-premium", reason: "A gift" })).toEqual({
      ok: true,
      message: "Premium granted.",
      next: `/studio/members/${member.id}`,
    });
    expect(await tierOf(member.id)).toBe("premium");
    expect(await answer(owner, member.id, { intent: "grant-premium", reason: "A gift" })).toEqual({
      ok: false,
      status: 409,
      message: "She has premium already.",
    });
    const [entry] = await auditEntries(services.database.db, { subjectId: member.id });
    expect(entry).toMatchObject({ action: "member.premium-granted", actorId: owner.id, reason: "A gift" });
  });

  it("asks for the second factor again before a role change or a deletion, back to her page, changing nothing", async () => {
    const owner = await ownerChecked(minutesAgo(11));
    const member = await signedInMember(services);
    const check = `/studio/check?again=1&next=${encodeURIComponent(`/studio/members/${member.id}`)}`;
    // The box unticked too: the second factor is asked for first.
    for (const form of [{ intent: "make-owner" }, { intent: "delete", confirm: false }] as const) {
      const redirect = await thrown(answer(owner, member.id, form));
      expect(redirect?.status).toBe(302);
      expect(redirect?.headers.get("Location")).toBe(check);
    }
    expect(await auditEntries(services.database.db, { subjectId: member.id })).toEqual([]);
  });

  it("deletes her account once the box is ticked, then goes back to the members", async () => {
    const owner = await ownerChecked(minutesAgo(2));
    const member = await signedInMember(services);
    expect(await answer(owner, member.id, { intent: "delete", confirm: false })).toEqual({
      ok: false,
      status: 400,
      message: "Tick the box to confirm the deletion.",
    });
    expect(await answer(owner, member.id, { intent: "delete", confirm: true })).toEqual({
      ok: true,
      message: "The account is deleted.",
      next: "/studio/members",
    });
    const left = await services.database.db
      .selectFrom("user")
      .select("id")
      .where("id", "=", member.id)
      .execute();
    expect(left).toEqual([]);
    const [entry] = await auditEntries(services.database.db, { subjectId: member.id });
    expect(entry).toMatchObject({ action: "member.deleted", actorId: owner.id });
  });
});
