import type { Route } from "./+types/privacy";
import { LegalDocument } from "#app/components/legal-document.tsx";
import { legal } from "#app/modules/catalogue/content.server.ts";
import { baseUrlFrom, pageMeta } from "#app/modules/site/seo.ts";

export function loader() {
  return legal.privacy;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta({
    title: loaderData?.title ?? "privacy",
    description:
      "What Tidewell stores about you, why, for how long, who helps us handle it, and how to download or delete it.",
    path: "/privacy",
    baseUrl: baseUrlFrom(matches),
  });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalDocument title={loaderData.title} updated={loaderData.updated} html={loaderData.html} />;
}
