import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { RouteErrorScreen } from "#app/components/error-screens.tsx";
import { SiteFooter } from "#app/components/site-footer.tsx";
import { SiteHeader } from "#app/components/site-header.tsx";

export default function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id="main" className="flex-1">
        <RouteErrorScreen error={error} />
      </main>
      <SiteFooter />
    </div>
  );
}
