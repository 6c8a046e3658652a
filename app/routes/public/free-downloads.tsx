import { Stethoscope } from "#app/components/ui/icons.tsx";
import type { Route } from "./+types/free-downloads";
import { Art } from "#app/components/art.tsx";
import { GuideCard } from "#app/components/guide-card.tsx";
import { GoDeeper } from "#app/components/free-downloads/go-deeper.tsx";
import { HeroNote } from "#app/components/free-downloads/hero-note.tsx";
import { viewerOf } from "#app/modules/catalogue/access.ts";
import { listGuideCards } from "#app/modules/catalogue/downloads.server.ts";
import { baseUrlFrom, pageMeta } from "#app/modules/site/seo.ts";
import { coursePrice, memberContext, services } from "#app/request.server.ts";

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
