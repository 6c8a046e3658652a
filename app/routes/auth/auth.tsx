import type { Route } from "./+types/auth";
import { AuthPage } from "~/components/auth/auth-page.tsx";
import { answerAuthForm, authPageData } from "~/modules/accounts/auth-page.server.ts";
import { authFormSchema, authTab } from "~/modules/accounts/forms.ts";
import { BRAND } from "~/modules/site/brand.ts";
import { parseSubmission } from "~/modules/site/form-submission.ts";
import { withRetryAfter } from "~/modules/site/retry-after.ts";
import { baseUrlFrom, pageMeta } from "~/modules/site/seo.ts";
import { coursePrice, memberContext, services } from "~/services.server.ts";

/** A form refused over a limit says how long to wait in Retry-After too. */
export const headers = withRetryAfter;

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

export function loader(args: Route.LoaderArgs) {
  return authPageData(services(args), args.context.get(memberContext), args.url, coursePrice(args));
}

export async function action(args: Route.ActionArgs) {
  const formData = await args.request.formData();
  const submission = parseSubmission(formData, authFormSchema);
  const intent = String(formData.get("intent") ?? "");
  return answerAuthForm(services(args), args.request.headers, submission, intent);
}

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  return <AuthPage {...loaderData} actionData={actionData} />;
}
