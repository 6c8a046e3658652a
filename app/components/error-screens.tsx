import { ArrowLeft, Home, LogIn, Mail, RotateCcw } from "#app/components/ui/icons.tsx";
import { isRouteErrorResponse, Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { describeError, NOT_FOUND_LINKS, TROUBLESHOOTING_TIPS } from "#app/modules/site/error-screens.ts";

function statusOf(error: unknown): number | null {
  return isRouteErrorResponse(error) ? error.status : null;
}

/** A route's error screen: what went wrong, Go Back and Go Home, and the extras its status calls for. */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const screen = describeError(statusOf(error));
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-20 text-center">
      {screen.status ? (
        <p className="font-serif text-6xl font-semibold text-plum" aria-hidden="true">
          {screen.status}
        </p>
      ) : null}
      <h1 className="mt-2 text-3xl font-semibold md:text-4xl">{screen.title}</h1>
      <p className="mt-3 max-w-md text-lg text-ink-soft">{screen.message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {screen.offerSignIn ? (
          <Button asChild>
            <Link to="/auth">
              <LogIn aria-hidden="true" /> Sign In
            </Link>
          </Button>
        ) : null}
        <Button variant="outline" type="button" onClick={() => window.history.back()}>
          <ArrowLeft aria-hidden="true" /> Go Back
        </Button>
        <Button asChild variant={screen.offerSignIn ? "outline" : "primary"}>
          <Link to="/">
            <Home aria-hidden="true" /> Go Home
          </Link>
        </Button>
      </div>
      {screen.offerHelpfulLinks ? (
        <nav aria-label="Helpful links" className="mt-10">
          <p className="text-sm text-ink-soft">These might help:</p>
          <ul className="mt-2 flex flex-wrap justify-center gap-x-6 gap-y-1">
            {NOT_FOUND_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-11 items-center text-plum underline underline-offset-4"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}

/** The last line of defence: the app itself failed. */
export function AppCrashScreen({ supportEmail }: { supportEmail: string }) {
  const screen = describeError(null);
  return (
    <main
      id="main"
      className="container-page flex min-h-screen flex-col items-center justify-center py-16 text-center"
    >
      <h1 className="text-3xl font-semibold md:text-4xl">{screen.title}</h1>
      <p className="mt-3 max-w-md text-lg text-ink-soft">{screen.message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button type="button" onClick={() => window.location.reload()}>
          <RotateCcw aria-hidden="true" /> Try Again
        </Button>
        <Button asChild variant="outline">
          <a href="/">
            <Home aria-hidden="true" /> Go Home
          </a>
        </Button>
      </div>
      <section
        aria-labelledby="tips-heading"
        className="mt-10 max-w-md rounded-[var(--radius-card)] bg-sand p-6 text-left"
      >
        <h2 id="tips-heading" className="text-lg font-semibold">
          Things that often help
        </h2>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-ink-soft">
          {TROUBLESHOOTING_TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
        <p className="mt-4">
          <a
            href={`mailto:${supportEmail}`}
            className="inline-flex min-h-11 items-center gap-2 text-plum underline underline-offset-4"
          >
            <Mail aria-hidden="true" className="size-4" /> {supportEmail}
          </a>
        </p>
      </section>
    </main>
  );
}
