import type { Route } from "./+types/course";
import { CourseGroups } from "#app/components/course/course-groups.tsx";
import { HowItWorks } from "#app/components/course/how-it-works.tsx";
import { CourseIntro } from "#app/components/course/intro.tsx";
import { PrintableGuides } from "#app/components/course/printable-guides.tsx";
import { StartOptions } from "#app/components/course/start-options.tsx";
import { JsonLd } from "#app/components/json-ld.tsx";
import { coursePage } from "#app/modules/site/course-page.server.ts";
import { courseStructuredData } from "#app/modules/site/course-structured-data.ts";
import { baseUrlFrom, pageMeta } from "#app/modules/site/seo.ts";
import { services, siteWords } from "#app/request.server.ts";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta({
    title: "The course",
    description: loaderData?.words.description ?? "",
    path: "/course",
    baseUrl: baseUrlFrom(matches),
  });
}

/** The owner's published words, with the sessions and guides from the catalogue and the price from the server. */
export async function loader(args: Route.LoaderArgs) {
  const { payments, mediaFacts, env } = services(args);
  const { course } = await siteWords(args);
  return { ...(await coursePage(payments.price, mediaFacts, env.PARTNER_COURSE)), words: course };
}

export default function Course({ loaderData, matches }: Route.ComponentProps) {
  const { groups, guides, price, offer, words } = loaderData;
  return (
    <>
      <CourseIntro title={words.title} html={words.html} />
      <HowItWorks steps={words.steps} />
      <StartOptions price={price} words={words} />
      <CourseGroups groups={groups} />
      <PrintableGuides guides={guides} />
      <JsonLd data={courseStructuredData(baseUrlFrom(matches), offer, words.description)} />
    </>
  );
}
