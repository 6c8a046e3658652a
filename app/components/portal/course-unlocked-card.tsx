import { BookOpen, Headphones, HeartHandshake, Play, Receipt, X } from "#app/components/ui/icons.tsx";
import { Link, useFetcher } from "react-router";
import { playAudioTrack } from "#app/components/player/play-event.ts";
import { Button } from "#app/components/ui/button.tsx";
import type { CourseWelcome } from "#app/modules/payments/course-welcome.server.ts";

/**
 * The first dashboard after paying: what the Complete Course unlocked, a way
 * to start, and the receipt. Put away, it does not come back.
 */
export function CourseUnlockedCard({ data }: { data: CourseWelcome }) {
  const fetcher = useFetcher();
  if (fetcher.state !== "idle") return null;
  return (
    <section
      aria-labelledby="unlocked-heading"
      className="relative rounded-[var(--radius-card)] border border-sage/40 bg-sage-soft p-6 shadow-soft md:p-8"
    >
      <fetcher.Form method="post" className="absolute top-3 right-3">
        <input type="hidden" name="intent" value="put-away-welcome" />
        <button
          type="submit"
          aria-label="Put this card away"
          className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-white/70"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </fetcher.Form>
      <h2 id="unlocked-heading" className="pr-10 text-2xl font-semibold md:text-3xl">
        The Complete Course is yours
      </h2>
      <p className="mt-2 measure text-ink-soft">Here is everything that just opened up, for good:</p>
      <div className="mt-5 grid gap-5 md:grid-cols-3">
        <Unlocked icon={<Headphones aria-hidden="true" className="size-5" />} title="Audio sessions">
          {data.tracks.join(", ")}
        </Unlocked>
        <Unlocked icon={<BookOpen aria-hidden="true" className="size-5" />} title="Guides">
          {data.guides.join(", ")}
        </Unlocked>
        <Unlocked
          icon={<HeartHandshake aria-hidden="true" className="size-5" />}
          title="With your birth partner"
        >
          On their own account, with nothing to buy: the sessions made for birth partners, Breathing &amp;
          Bonding to share, and your progress. Invite them from your profile.
        </Unlocked>
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button type="button" onClick={() => playAudioTrack(data.today)}>
          <Play aria-hidden="true" /> Start today's practice
        </Button>
        <Button asChild variant="secondary">
          <Link to="/portal/receipt">
            <Receipt aria-hidden="true" /> Your receipt
          </Link>
        </Button>
      </div>
    </section>
  );
}

function Unlocked({
  icon,
  title,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <h3 className="flex items-center gap-2 font-semibold text-sage-deep">
        {icon}
        {title}
      </h3>
      <p className="mt-1 text-ink-soft">{children}</p>
    </div>
  );
}
