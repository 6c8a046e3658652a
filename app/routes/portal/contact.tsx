import type { Route } from "./+types/contact";
import { contactFormAction } from "~/components/contact/contact-action.server.ts";
import { ContactPage } from "~/components/contact/contact-page.tsx";
import { faqs, socialPosts } from "~/modules/catalogue/content.server.ts";
import { BRAND } from "~/modules/site/brand.ts";
import { signedInMember } from "~/services.server.ts";

export function meta() {
  return [{ title: `Contact us · ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}

/** The public contact page, with her name and email already filled in (she can change them). */
export function loader(args: Route.LoaderArgs) {
  const member = signedInMember(args);
  return { posts: socialPosts, faqs, sender: { name: member.fullName, email: member.email } };
}

export function action(args: Route.ActionArgs) {
  return contactFormAction(args);
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
