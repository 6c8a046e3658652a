import { data, Form, Link, useNavigation, useParams } from "react-router";
import type { Route } from "./+types/partner-join";
import { Button } from "#app/components/ui/button.tsx";
import { CLIENT_IP_HEADER } from "#app/modules/accounts/auth.server.ts";
import { forgetInvitation, rememberInvitation } from "#app/modules/partner/join-return.ts";
import { acceptByLink, invitationPreview } from "#app/modules/partner/seat.server.ts";
import { invitationRefusalMessage } from "#app/modules/partner/sign-up.server.ts";
import { formatLongDate } from "#app/modules/calendar/dates.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import { PARTNER_DASHBOARD } from "#app/modules/site/portal-navigation.ts";
import { PRIVATE_PAGE_HEADERS } from "#app/modules/site/private-page.ts";
import { redirectWithFlash } from "#app/modules/site/flash.server.ts";
import { isSecureOrigin } from "#app/platform/env.server.ts";
import { db, memberContext, services, now } from "#app/request.server.ts";

/** The page's private headers, and the cookie that brings a signed-out partner back here after signing in. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const headers = new Headers(PRIVATE_PAGE_HEADERS);
  const cookie = loaderHeaders.get("Set-Cookie");
  if (cookie) headers.set("Set-Cookie", cookie);
  return headers;
}

export function meta() {
  return [
    { title: `Join as a birth partner · ${BRAND.name}` },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "no-referrer" },
  ];
}

const clientIp = (request: Request) => request.headers.get(CLIENT_IP_HEADER) ?? "unknown";

/** A birth partner's invitation link: who invited them, and a way to accept once signed in. */
export async function loader(args: Route.LoaderArgs) {
  const preview = await invitationPreview(db(args), args.params.token, {
    now: now(args),
    clientIp: clientIp(args.request),
  });
  const signedIn = args.context.get(memberContext) !== null;
  const view =
    preview.status === "pending"
      ? {
          ok: true as const,
          memberFirstName: preview.memberFirstName,
          until: preview.expiresAt.toISOString(),
        }
      : { ok: false as const, message: invitationRefusalMessage(preview.status) };
  const headers = new Headers(PRIVATE_PAGE_HEADERS);
  const remember =
    !signedIn && preview.status === "pending"
      ? rememberInvitation(args.params.token, isSecureOrigin(services(args).env.BASE_URL))
      : null;
  if (remember) headers.set("Set-Cookie", remember);
  return data({ view, signedIn }, { status: preview.status === "limited" ? 429 : 200, headers });
}

export async function action(args: Route.ActionArgs) {
  const member = args.context.get(memberContext);
  if (!member) return data({ message: "Please sign in first, then accept." }, { status: 401 });
  const outcome = await acceptByLink(db(args), args.params.token, member.id, {
    now: now(args),
    clientIp: clientIp(args.request),
  });
  if (!outcome.ok) {
    return data(
      { message: invitationRefusalMessage(outcome.reason) },
      { status: outcome.reason === "limited" ? 429 : 409 },
    );
  }
  // Accepted: nothing left to come back to.
  const forget = forgetInvitation(isSecureOrigin(services(args).env.BASE_URL));
  return redirectWithFlash(
    services(args).flash,
    PARTNER_DASHBOARD,
    { type: "success", message: "Welcome. You're now a birth partner on Tidewell." },
    [forget],
  );
}

export default function PartnerJoin({ loaderData, actionData }: Route.ComponentProps) {
  const { view, signedIn } = loaderData;
  const token = useParams().token ?? "";
  const navigation = useNavigation();
  return (
    <section className="container-page flex min-h-[60vh] max-w-xl flex-col justify-center gap-5 py-16">
      {view.ok ? (
        <>
          <h1 className="text-3xl font-semibold md:text-4xl">
            {view.memberFirstName} has invited you to be her birth partner
          </h1>
          <p className="text-lg text-ink-soft">
            Joining links your own {BRAND.name} account, with its own listening and progress, to hers as her
            birth partner. It never shows you her email or her exact dates.
          </p>
          {actionData ? (
            <p role="alert" className="font-medium text-danger">
              {actionData.message}
            </p>
          ) : null}
          {signedIn ? (
            <Form method="post">
              <Button type="submit" disabled={navigation.state === "submitting"}>
                {navigation.state === "submitting" ? "Joining..." : "Accept and join"}
              </Button>
            </Form>
          ) : (
            <>
              <p>
                First create your free account, or sign in if you have one, in this browser. You'll come back
                to this page to accept.
              </p>
              <div className="flex flex-wrap gap-3">
                <Button asChild>
                  {/* The invitation goes along, so the sign-up page knows whose it is and the address to fill in. */}
                  <Link to={`/auth?tier=free&invitation=${encodeURIComponent(token)}`}>
                    Create my account
                  </Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to="/auth">Sign in</Link>
                </Button>
              </div>
            </>
          )}
          <p className="text-sm text-ink-soft">
            The invitation works until {formatLongDate(view.until.slice(0, 10))}.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-semibold md:text-4xl">This invitation can't be used</h1>
          <p role="status" className="text-lg text-ink-soft">
            {view.message}
          </p>
        </>
      )}
    </section>
  );
}
