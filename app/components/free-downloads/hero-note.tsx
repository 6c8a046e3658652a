import { Link } from "react-router";
import { Check } from "#app/components/ui/icons.tsx";
import { Button } from "#app/components/ui/button.tsx";

/** What the hero offers: sign-up buttons for visitors, a word about what's open for members. */
export function HeroNote({
  signedIn,
  hasPremium,
  isPartner,
}: {
  signedIn: boolean;
  hasPremium: boolean;
  isPartner: boolean;
}) {
  if (!signedIn) {
    return (
      <div className="mt-8">
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/auth?tier=free">Sign Up Free</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/auth?tier=premium">Get the Complete Course</Link>
          </Button>
        </div>
        <p className="mt-4 text-ink-soft">
          Already a member?{" "}
          <Link
            to="/auth?tier=signin"
            className="inline-flex min-h-11 items-center font-medium text-plum underline underline-offset-4 hover:text-plum-deep"
          >
            Log in to download
          </Link>
        </p>
      </div>
    );
  }
  return (
    <p className="mt-8 inline-flex items-start gap-3 rounded-2xl bg-sage-soft px-5 py-3 text-sage-deep">
      <Check aria-hidden="true" className="mt-1 size-5 shrink-0" />
      {hasPremium
        ? "You have the Complete Course: every guide is yours to download."
        : isPartner
          ? "You're signed in as her birth partner: the free guides are ready to download; the others are in her course."
          : "You're signed in: the free guides are ready to download."}
    </p>
  );
}
