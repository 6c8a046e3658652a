import { ShareLinkButton } from "#app/components/program/share-link-button.tsx";
import { useProgrammeAction } from "#app/components/program/use-programme-action.ts";
import { Button } from "#app/components/ui/button.tsx";
import { formatShortDate } from "#app/modules/calendar/dates.ts";

/** The birth partner's read-only link: whether one is active, and buttons to make a new one or turn it off. */
export function PartnerLink({ since }: { since: string | null }) {
  const revoke = useProgrammeAction();
  return (
    <section
      aria-labelledby="partner-heading"
      className="rounded-[var(--radius-card)] border border-line bg-white/70 p-6 shadow-soft"
    >
      <h2 id="partner-heading" className="text-2xl font-semibold">
        Your birth partner's link
      </h2>
      <p className="mt-2 text-ink-soft">
        A private, read-only page showing your streak and this week's practice, with tips for them. It never
        shows your email or your dates.
      </p>
      {since ? (
        <p className="mt-3 font-medium">A link is active, made on {formatShortDate(since.slice(0, 10))}.</p>
      ) : (
        <p className="mt-3 font-medium">There is no active link.</p>
      )}
      <div className="mt-4 flex flex-wrap items-start gap-3">
        <ShareLinkButton label={since ? "Make a new link" : "Create a partner link"} />
        {since ? (
          <revoke.fetcher.Form method="post">
            <input type="hidden" name="intent" value="revoke-share-link" />
            <Button type="submit" variant="ghost" disabled={revoke.pending}>
              Turn off the link
            </Button>
          </revoke.fetcher.Form>
        ) : null}
      </div>
    </section>
  );
}
