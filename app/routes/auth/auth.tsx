import { data } from "react-router";
import type { Route } from "./+types/auth";
import { AuthPage } from "#app/components/auth/auth-page.tsx";
import { answerAuthForm, authPageData } from "#app/modules/accounts/auth-page.server.ts";
import { authFormSchema, authTab } from "#app/modules/accounts/forms.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import { parseSubmission } from "#app/modules/site/form-submission.ts";
import { PRIVATE_PAGE_HEADERS } from "#app/modules/site/private-page.ts";
import { withRetryAfter } from "#app/modules/site/retry-after.ts";
import { baseUrlFrom, pageMeta } from "#app/modules/site/seo.ts";
import { CLIENT_IP_HEADER } from "#app/modules/accounts/auth.server.ts";
import { signInDestination } from "#app/modules/accounts/providers.ts";
import { invitationForSignUp, signUpInvitationRefusal } from "#app/modules/partner/sign-up.server.ts";
import { coursePrice, db, memberContext, services, now } from "#app/request.server.ts";

/**
 * A form refused over a limit says how long to wait in Retry-After too. Opened from an invitation,
 * its address is a secret and the page shows the invited email: kept private, like the link's own page.
 */
export function headers(args: Route.HeadersArgs) {
  const headers = withRetryAfter(args);
  for (const name of Object.keys(PRIVATE_PAGE_HEADERS)) {
    const value = args.loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}

export function meta({ location, matches }: Route.MetaArgs) {
  const tab = authTab(new URLSearchParams(location.search).get("tier"));
  const title =
    tab === "free" ? "Start the free course" : tab === "premium" ? "The Complete Course" : "Sign in";
  // One address for search engines, whichever tab a link opened.
  return pageMeta({
    title,
    description: `Start ${BRAND.name}'s free Foundation Course, get the Complete Course, or sign in to your practice.`,
    path: "/auth",
    baseUrl: baseUrlFrom(matches),
  });
}

/** Where the request comes from, as the proxy in front says: wrong invitation tokens count against it. */
const at = (args: { request: Request; context: Route.LoaderArgs["context"] }) => ({
  now: now(args),
  clientIp: args.request.headers.get(CLIENT_IP_HEADER) ?? "unknown",
});

export async function loader(args: Route.LoaderArgs) {
  const member = args.context.get(memberContext);
  const page = await authPageData(services(args), member, args.url, coursePrice(args));
  // Opened from her invitation to her birth partner (`?invitation=`): whose it is, and the address to fill in.
  const token = args.url.searchParams.get("invitation");
  const invitation =
    token !== null && page.tab === "free" && !member
      ? await invitationForSignUp(db(args), token, at(args))
      : null;
  return data({ ...page, invitation }, { headers: token === null ? undefined : PRIVATE_PAGE_HEADERS });
}

export async function action(args: Route.ActionArgs) {
  const formData = await args.request.formData();
  const submission = parseSubmission(formData, authFormSchema);
  const intent = String(formData.get("intent") ?? "");
  // A sign-up from her invitation: still working, and for the address it was sent to, or refused with why.
  const signUp =
    submission.status === "success" && submission.value.intent === "sign-up" ? submission.value : null;
  const token = signUp?.invitation;
  const refusal =
    signUp && token ? await signUpInvitationRefusal(db(args), token, signUp.email, at(args)) : null;
  const invitation = !token ? null : refusal === null ? { token } : { refusal };
  const next = signInDestination(args.url.searchParams.get("next"));
  return answerAuthForm(services(args), args.request.headers, submission, intent, invitation, next);
}

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  return <AuthPage {...loaderData} actionData={actionData} />;
}
