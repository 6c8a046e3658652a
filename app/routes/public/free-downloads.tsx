import { ArrowRight, Check, Stethoscope } from "~/components/ui/icons.tsx";
import { Link } from "react-router";
import type { Route } from "./+types/free-downloads";
import { Art } from "~/components/art.tsx";
import { GuideCard } from "~/components/guide-card.tsx";
import { Button } from "~/components/ui/button.tsx";
import { viewerOf } from "~/modules/catalogue/access.ts";
import { listGuideCards } from "~/modules/catalogue/downloads.server.ts";
import { baseUrlFrom, pageMeta } from "~/modules/site/seo.ts";
import { coursePrice, memberContext, services } from "~/services.server.ts";

export async function loader(args: Route.LoaderArgs) {
  const member = args.context.get(memberContext);
  const { mediaFacts } = services(args);
  return {
    signedIn: member !== null,
    hasPremium: member?.hasPremium ?? false,
    isPartner: member?.isPartner ?? false,
    guides: await listGuideCards(viewerOf(member), mediaFacts),
    price: coursePrice(args),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Free downloads",
    description:
      "Printable hypnobirthing guides to read at your own pace: an introduction, a hospital bag checklist, birth affirmations and more.",
    path: "/free-downloads",
    baseUrl: baseUrlFrom(matches),
  });
}

export default function FreeDownloads({ loaderData }: Route.ComponentProps) {
  const { signedIn, hasPremium, isPartner, guides, price } = loaderData;
  return (
    <>
      <section className="container-page grid items-center gap-10 pt-12 pb-12 md:pt-20 lg:grid-cols-[1.2fr_1fr] lg:gap-16">
        <div>
          <p className="text-sm font-semibold tracking-wide text-sage-deep uppercase">Printable guides</p>
          <h1 className="mt-2 text-4xl font-semibold md:text-5xl">Free downloads</h1>
          <p className="mt-5 measure text-lg text-ink-soft">
            Clear, calm guides to read at your own pace, on screen or printed out, alone or with your birth
            partner. The Foundation guides are free with an account; the others come with the Complete Course.
          </p>
          <HeroNote signedIn={signedIn} hasPremium={hasPremium} isPartner={isPartner} />
        </div>
        <Art
          seed="free-downloads"
          colour="lavender"
          motif="moon"
          className="hidden aspect-[4/3] w-full rounded-[var(--radius-card)] shadow-soft lg:block"
        />
      </section>

      <section aria-labelledby="guides-heading" className="container-page pb-16 md:pb-20">
        <div className="mb-8 flex flex-col gap-2 md:flex-row md:items-end md:justify-between">
          <h2 id="guides-heading" className="text-3xl font-semibold">
            The guides
          </h2>
          <p className="text-ink-soft">Read them on screen, or print them for your birth bag.</p>
        </div>
        <ul className="grid gap-x-6 gap-y-8 sm:grid-cols-2 lg:grid-cols-3">
          {guides.map((guide) => (
            <li key={guide.id}>
              <GuideCard guide={guide} />
            </li>
          ))}
        </ul>

        <p className="mt-10 flex max-w-3xl items-start gap-3 rounded-2xl bg-sand px-5 py-4 text-ink-soft">
          <Stethoscope aria-hidden="true" className="mt-1 size-5 shrink-0 text-sage-deep" />
          <span>
            These guides share general information to help you feel prepared. They aren't medical advice: for
            anything about your health or your baby's, talk to your midwife or doctor.
          </span>
        </p>
      </section>

      {/* Her birth partner is never offered the course: its guides are hers. */}
      {isPartner ? null : <GoDeeper hasPremium={hasPremium} price={price} />}
    </>
  );
}

/** What the hero offers: sign-up buttons for visitors, a word about what's open for members. */
function HeroNote({
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

function GoDeeper({ hasPremium, price }: { hasPremium: boolean; price: string }) {
  return (
    <section aria-labelledby="go-deeper-heading" className="container-page">
      <div className="grid grid-cols-1 overflow-hidden rounded-[var(--radius-card)] bg-plum text-cream shadow-soft md:grid-cols-[1.4fr_1fr]">
        <div className="p-6 sm:p-8 md:p-12">
          <h2 id="go-deeper-heading" className="text-3xl font-semibold">
            Ready to Go Deeper?
          </h2>
          <p className="mt-4 measure text-lg text-cream/90">
            {hasPremium
              ? "Your Complete Course holds every guided audio session and the two-week programme that brings them together, so you and your birth partner practise a little each day."
              : `The Complete Course brings the guides to life: nine guided audio sessions, all six guides and a two-week programme for you and your birth partner. ${price}, once, with lifetime access and a 30-day money-back guarantee.`}
          </p>
          <Button asChild className="mt-8 w-full sm:min-h-13 sm:w-auto sm:px-8 sm:text-lg">
            <Link to="/course">
              {hasPremium ? "See what's in the course" : "Explore the Complete Course"}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
        <Art
          seed="go-deeper"
          colour="plum"
          motif="waves"
          className="hidden h-full min-h-64 w-full md:block"
        />
      </div>
    </section>
  );
}
