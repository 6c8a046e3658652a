import { data } from "react-router";
import type { Route } from "./+types/birth-preferences";
import { BirthPlanPage } from "#app/components/birth-plan/page.tsx";
import { answerBirthPlanForm, birthPlanPage } from "#app/modules/birth-plan/page.server.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import { redirectWithFlash } from "#app/modules/site/flash.server.ts";
import { db, services, signedInMember, signedInMemberKey } from "#app/request.server.ts";

export function meta() {
  return [{ title: `Birth preferences · ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}

/** Her plan to write (or, for her birth partner, to read and comment on), her versions and the comments. */
export async function loader(args: Route.LoaderArgs) {
  const member = signedInMember(args);
  const page = await birthPlanPage(db(args), member, args.url);
  if (!page) throw data(null, { status: 404 });
  return { page, memberKey: signedInMemberKey(args) };
}

/** Plain forms: a save, a restore, a comment and its resolution; each answered with the page and a message. */
export async function action(args: Route.ActionArgs) {
  const member = signedInMember(args);
  const { flash, clock } = services(args);
  const answer = await answerBirthPlanForm(db(args), member, await args.request.formData(), clock.now());
  if (answer.kind === "message") {
    return redirectWithFlash(flash, args.url.pathname, { type: answer.type, message: answer.message });
  }
  return data(answer, { status: answer.status });
}

export default function BirthPreferences({ loaderData, actionData }: Route.ComponentProps) {
  return <BirthPlanPage data={loaderData.page} memberKey={loaderData.memberKey} answer={actionData} />;
}
