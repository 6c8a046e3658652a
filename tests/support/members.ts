import crypto from "node:crypto";
import { CLIENT_IP_HEADER } from "#app/modules/accounts/auth.server.ts";
import { signInWithPassword, signUpWithPassword } from "#app/modules/accounts/sign-in.server.ts";
import type { Member } from "#app/modules/accounts/session.server.ts";
import type { AppServices } from "#app/services.server.ts";
import { PASSWORD, uniqueEmail } from "./accounts.ts";

/**
 * A member signed in, in process, for tests about what comes after sign-up:
 * the sign-up call, the address marked confirmed (as its emailed link would),
 * then the password sign-in. Returns the id and the session cookie ("name=value").
 */
export async function signedInMember(
  services: Pick<AppServices, "auth" | "database">,
  { name = "Amara Okafor", email = uniqueEmail() } = {},
): Promise<{ id: string; email: string; cookie: string }> {
  // Each member from its own address, so tests never meet the per-address limits.
  const headers = () =>
    new Headers({ [CLIENT_IP_HEADER]: `10.9.${crypto.randomInt(256)}.${crypto.randomInt(256)}` });
  const callbackURL = "/portal";
  const started = await signUpWithPassword(services.auth, headers(), {
    name,
    email,
    password: PASSWORD,
    callbackURL,
  });
  if (!started.ok) throw new Error(`Sign-up failed: ${started.message}`);
  const { id } = await services.database.db
    .updateTable("user")
    .set({ emailVerified: true })
    .where("email", "=", email)
    .returning("id")
    .executeTakeFirstOrThrow();
  const signedIn = await signInWithPassword(services.auth, headers(), { email, password: PASSWORD });
  if (!signedIn.ok) throw new Error(`Sign-in failed: ${signedIn.message}`);
  const cookie = signedIn.cookies
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("tidewell.session_token="));
  if (!cookie) throw new Error("No session cookie");
  return { id, email, cookie };
}

/** The member a page's guard would hand an action: a free member named Amara Okafor unless `fields` say otherwise. */
export function memberView(fields: Partial<Member> & Pick<Member, "id" | "email">): Member {
  return {
    fullName: "Amara Okafor",
    displayName: "Amara Okafor",
    firstName: "Amara",
    initials: "AO",
    gradient: ["#000", "#fff"],
    image: null,
    tier: "free",
    hasPremium: false,
    isPartner: false,
    partnerPremium: false,
    isOwner: false,
    timeZone: "UTC",
    ...fields,
  };
}
