import type { Route } from "./+types/contact";
import { data } from "react-router";
import { answerContactForm } from "#app/modules/contact/contact-action.server.ts";
import { retryAfterHeaders } from "#app/modules/site/retry-after.ts";
import { contactDeps, siteWords } from "#app/request.server.ts";
import { ContactPage } from "#app/components/contact/contact-page.tsx";
import { socialPosts } from "#app/modules/catalogue/content.server.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import { signedInMember } from "#app/request.server.ts";

export function meta() {
  return [{ title: `Contact us · ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}

/** The public contact page, with her name and email already filled in (she can change them). */
export async function loader(args: Route.LoaderArgs) {
  const member = signedInMember(args);
  return {
    posts: socialPosts,
    faqs: (await siteWords(args)).faqs,
    sender: { name: member.fullName, email: member.email },
  };
}

export async function action(args: Route.ActionArgs) {
  const { deps, sender } = contactDeps(args);
  const answer = await answerContactForm(await args.request.formData(), deps, sender);
  return data(answer.body, { status: answer.status, headers: retryAfterHeaders(answer.retryAfterSeconds) });
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ContactPage
      posts={loaderData.posts}
      faqs={loaderData.faqs}
      actionData={actionData}
      defaultValue={loaderData.sender}
    />
  );
}
