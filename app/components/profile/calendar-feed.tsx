import { Form, useNavigation } from "react-router";
import { useHydrated } from "#app/components/program/browser.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { CalendarDays, ExternalLink } from "#app/components/ui/icons.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { toast } from "#app/components/ui/toaster.tsx";
import { CALENDAR_FEED_INTENTS } from "#app/modules/reminders/forms.ts";

/** The same address for a calendar app to open: webcal:// asks the device's calendar to subscribe. */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//i, "webcal://");
}

/**
 * "Add practice to my calendar": her secret feed's address, to copy or open in her
 * calendar app, with buttons to make a new one (the old one stops working) or turn
 * it off. The buttons are plain posts to her profile, so they work without
 * JavaScript; copying needs it, so its button appears only once the page runs.
 */
export function CalendarFeed({ url }: { url: string | null }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const pending = navigation.state !== "idle" ? navigation.formData?.get("intent") : undefined;
  const busy = pending === CALENDAR_FEED_INTENTS.on || pending === CALENDAR_FEED_INTENTS.off;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link copied", { description: "Paste it where your calendar app asks for a link." });
    } catch {
      // The browser won't allow it: select the link so she can copy it herself.
      const field = document.getElementById("calendar-feed-url");
      if (field instanceof HTMLInputElement) field.select();
      toast.error("Couldn't copy the link. It's selected: copy it from the box.");
    }
  };

  return (
    <section
      aria-labelledby="calendar-feed-heading"
      className="rounded-[var(--radius-card)] border border-line bg-white/70 p-6 shadow-soft"
    >
      <h2 id="calendar-feed-heading" className="flex items-center gap-2 text-2xl font-semibold">
        <CalendarDays aria-hidden="true" className="size-6 text-sage-deep" /> Add practice to my calendar
      </h2>
      <p className="mt-2 measure text-ink-soft">
        Your practice days appear at your reminder time in any calendar app that can subscribe to a link, and
        they update by themselves as your plan changes.
      </p>
      {url ? (
        <>
          <Field
            id="calendar-feed-url"
            label="Your calendar link"
            hint="Keep it to yourself: anyone with this link can see your practice days. If you've shared it by mistake, make a new one."
            className="mt-4"
          >
            {(a11y) => (
              <div className="flex flex-wrap gap-2">
                <Input
                  {...a11y}
                  type="url"
                  value={url}
                  readOnly
                  onFocus={(event) => event.currentTarget.select()}
                  className="min-w-0 flex-1 basis-64 font-mono text-sm"
                />
                {hydrated ? (
                  <Button type="button" variant="outline" size="field" onClick={() => void copy()}>
                    Copy link
                  </Button>
                ) : null}
              </div>
            )}
          </Field>
          <p className="mt-3">
            <a
              href={webcalUrl(url)}
              className="inline-flex items-center gap-1 font-medium text-plum underline underline-offset-4 hover:text-plum-deep"
            >
              <ExternalLink aria-hidden="true" className="size-4" /> Open in my calendar app
            </a>
          </p>
          <div className="mt-4 flex flex-wrap items-start gap-3">
            <Form method="post" action="/portal/profile" preventScrollReset>
              <input type="hidden" name="intent" value={CALENDAR_FEED_INTENTS.on} />
              <Button type="submit" variant="outline" disabled={busy}>
                {pending === CALENDAR_FEED_INTENTS.on ? "Making a new link..." : "Make a new link"}
              </Button>
            </Form>
            <Form method="post" action="/portal/profile" preventScrollReset>
              <input type="hidden" name="intent" value={CALENDAR_FEED_INTENTS.off} />
              <Button type="submit" variant="ghost" disabled={busy}>
                {pending === CALENDAR_FEED_INTENTS.off ? "Turning off..." : "Turn off"}
              </Button>
            </Form>
          </div>
        </>
      ) : (
        <Form method="post" action="/portal/profile" preventScrollReset className="mt-4">
          <input type="hidden" name="intent" value={CALENDAR_FEED_INTENTS.on} />
          <Button type="submit" variant="outline" disabled={busy}>
            <CalendarDays aria-hidden="true" />{" "}
            {pending === CALENDAR_FEED_INTENTS.on ? "Turning on..." : "Turn on the calendar link"}
          </Button>
        </Form>
      )}
    </section>
  );
}
