import { BRAND } from "./brand.ts";

/**
 * Every public page's title, description, canonical address and Open Graph
 * tags, from one function, so no page forgets one.
 */
export interface PageSeo {
  title: string;
  description: string;
  /** The page's path, e.g. "/course". */
  path: string;
  /** The public origin, from the server's configuration. */
  baseUrl: string;
  type?: "website" | "article";
  noindex?: boolean;
}

export function pageMeta({ title, description, path, baseUrl, type = "website", noindex = false }: PageSeo) {
  const url = `${baseUrl}${path === "/" ? "" : path}` || baseUrl;
  const fullTitle = path === "/" ? `${BRAND.name}: ${BRAND.tagline}` : `${title} · ${BRAND.name}`;
  const image = `${baseUrl}/og-image.png`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: BRAND.name },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:locale", content: "en_GB" },
    { name: "twitter:card", content: "summary_large_image" },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/** The public origin, from the root loader's data inside a meta function. */
export function baseUrlFrom(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { baseUrl?: string } | undefined;
  return root?.baseUrl ?? "";
}
