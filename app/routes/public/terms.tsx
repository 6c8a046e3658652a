import type { Route } from "./+types/terms";
import { LegalDocument } from "#app/components/legal-document.tsx";
import { legal } from "#app/modules/catalogue/content.server.ts";
import { baseUrlFrom, pageMeta } from "#app/modules/site/seo.ts";
import { coursePrice } from "#app/request.server.ts";

export function loader(args: Route.LoaderArgs) {
  // The price is the configured one, like everywhere else.
  return { ...legal.terms, html: legal.terms.html.replaceAll("{{price}}", coursePrice(args)) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta({
    title: loaderData?.title ?? "terms",
    description:
      "The terms on which Tidewell offers its free and paid hypnobirthing courses, including the 30-day money-back guarantee.",
    path: "/terms",
    baseUrl: baseUrlFrom(matches),
  });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalDocument title={loaderData.title} updated={loaderData.updated} html={loaderData.html} />;
}
