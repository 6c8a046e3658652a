import type { Route } from "./+types/robots";
import { services } from "#app/request.server.ts";

/** Public pages (the sign-up page too) are for everyone; members' pages, account links, partner links and calendar feeds are not for search engines. */
export function loader(args: Route.LoaderArgs) {
  const { env } = services(args);
  const body = `User-agent: *
Allow: /
Disallow: /portal
Disallow: /auth/
Disallow: /api/
Disallow: /shared/
Disallow: /calendar/
Disallow: /partner/
Disallow: /reminders/
Disallow: /dev/

Sitemap: ${env.BASE_URL}/sitemap.xml
`;
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
