import { signInWithPassword } from "#app/modules/accounts/sign-in.server.ts";
import { createOwner } from "#app/modules/studio/owners.server.ts";
import { completeSecondFactor, startEnrolment, studioVisit } from "#app/modules/studio/studio.server.ts";
import type { AppServices } from "#app/services.server.ts";
import { PASSWORD } from "./accounts.ts";
import { signedInMember } from "./members.ts";
import { unusedTotpCode } from "./totp.ts";

type Services = Pick<AppServices, "auth" | "database">;

const sessionCookieIn = (cookies: string[]) =>
  cookies.map((c) => c.split(";")[0]!).find((c) => c.startsWith("tidewell.session_token="))!;

/** The owner the studio sees on a session, as its pages' guard hands her to an action. */
export async function studioOwnerOn(services: Services, cookie: string) {
  const visit = await studioVisit(services.auth, services.database.db, new Headers({ cookie }), new Date());
  if (!visit.owner) throw new Error(`No owner on that session (${visit.access})`);
  return visit.owner;
}

/**
 * An owner signed in, in process, with her authenticator set up: the key it
 * holds, her backup codes as she was shown them, the time step of the code
 * that finished setting up (the studio has taken it), and her session's cookie,
 * with the studio open.
 */
export async function enrolledStudioOwner(services: Services) {
  const member = await signedInMember(services);
  await createOwner(services.database.db, member.email);
  const deps = { auth: services.auth, db: services.database.db };
  const started = await startEnrolment(
    deps,
    { email: member.email, ip: "203.0.113.9" },
    new Headers({ cookie: member.cookie }),
    PASSWORD,
  );
  if (!started.ok) throw new Error(started.message);
  const owner = await studioOwnerOn(services, member.cookie);
  const { code, step } = await unusedTotpCode(started.enrolment.secret);
  const result = await completeSecondFactor(
    deps,
    owner,
    new Headers({ cookie: member.cookie }),
    "totp",
    code,
  );
  if (!result.ok) throw new Error(result.message);
  return {
    ...member,
    cookie: sessionCookieIn(result.setCookies),
    key: started.enrolment.secret,
    backupCodes: started.enrolment.backupCodes,
    step,
  };
}

/** A new sign-in of hers with the password: a session the studio has not checked yet. */
export async function newStudioSession(services: Services, email: string) {
  const signedIn = await signInWithPassword(services.auth, new Headers(), { email, password: PASSWORD });
  if (!signedIn.ok) throw new Error(signedIn.message);
  const cookie = sessionCookieIn(signedIn.cookies);
  return { cookie, owner: await studioOwnerOn(services, cookie) };
}
