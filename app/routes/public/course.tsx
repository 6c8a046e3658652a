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
import { services } from "#app/request.server.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "The course",
    description:
      "What's in Tidewell's free Foundation Course and the Complete Course: guided audio, printable guides and a two-week daily programme for you and your birth partner.",
    path: "/course",
    baseUrl: baseUrlFrom(matches),
  });
}

export async function loader(args: Route.LoaderArgs) {
  const { payments, mediaFacts, env } = services(args);
  return coursePage(payments.price, mediaFacts, env.PARTNER_COURSE);
}

export default function Course({ loaderData, matches }: Route.ComponentProps) {
  const { groups, guides, price, offer } = loaderData;
  return (
    <>
      <CourseIntro />
      <HowItWorks />
      <StartOptions price={price} />
      <CourseGroups groups={groups} />
      <PrintableGuides guides={guides} />
      <JsonLd data={courseStructuredData(baseUrlFrom(matches), offer)} />
    </>
  );
}
