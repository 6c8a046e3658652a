import type { Route } from "./+types/contact";
import { data } from "react-router";
import { answerContactForm } from "#app/modules/contact/contact-action.server.ts";
import { retryAfterHeaders } from "#app/modules/site/retry-after.ts";
import { contactDeps, siteWords } from "#app/request.server.ts";
import { ContactPage } from "#app/components/contact/contact-page.tsx";
import { JsonLd } from "#app/components/json-ld.tsx";
import { socialPosts } from "#app/modules/catalogue/content.server.ts";
import { faqPageStructuredData } from "#app/modules/contact/structured-data.ts";
import { baseUrlFrom, pageMeta } from "#app/modules/site/seo.ts";

export async function loader(args: Route.LoaderArgs) {
  return { posts: socialPosts, faqs: (await siteWords(args)).faqs };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Get in Touch",
    description:
      "Questions about hypnobirthing or the Tidewell course? Send us a message: we reply within 24 hours on business days, wherever you are in the world.",
    path: "/contact",
    baseUrl: baseUrlFrom(matches),
  });
}

export async function action(args: Route.ActionArgs) {
  const { deps, sender } = contactDeps(args);
  const answer = await answerContactForm(await args.request.formData(), deps, sender);
  return data(answer.body, { status: answer.status, headers: retryAfterHeaders(answer.retryAfterSeconds) });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ContactPage posts={loaderData.posts} faqs={loaderData.faqs} actionData={actionData} />
      <JsonLd data={faqPageStructuredData(loaderData.faqs)} />
    </>
  );
}
