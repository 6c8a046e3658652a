import type { Route } from "./+types/sitemap";
import { publicPagePaths } from "#app/modules/site/public-pages.server.ts";
import { services } from "#app/request.server.ts";

export function loader(args: Route.LoaderArgs) {
  const { env } = services(args);
  const paths = publicPagePaths();
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${paths.map((p) => `  <url><loc>${env.BASE_URL}${p === "/" ? "/" : p}</loc></url>`).join("\n")}
</urlset>
`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
