import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/reminders-stop";
import { Button } from "#app/components/ui/button.tsx";
import { CLIENT_IP_HEADER } from "#app/modules/accounts/auth.server.ts";
import { reminderKeys } from "#app/modules/reminders/reminders.server.ts";
import { stopRemindersByLink } from "#app/modules/reminders/unsubscribe.server.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import { services } from "#app/request.server.ts";

export function meta() {
  return [{ title: `Stop reminder emails · ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}

/**
 * The stop link in every reminder email. Opening it asks first (mail scanners
 * open links); the button, or her mail app's one-click unsubscribe (RFC 8058),
 * posts to the same address and stops them, with no sign-in.
 */
export async function action(args: Route.ActionArgs) {
  const url = new URL(args.request.url);
  const { database, secret, clock } = services(args);
  const answer = await stopRemindersByLink(database.db, {
    member: url.searchParams.get("member"),
    token: url.searchParams.get("token"),
    key: reminderKeys(secret).unsubscribe,
    clientIp: args.request.headers.get(CLIENT_IP_HEADER) ?? "unknown",
    now: clock.now(),
  });
  return data({ message: answer.message }, { status: answer.status });
}

export default function RemindersStop({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <section className="container-page flex min-h-[60vh] max-w-xl flex-col justify-center gap-5 py-16">
      <h1 className="text-3xl font-semibold md:text-4xl">Stop reminder emails</h1>
      {actionData ? (
        <p role="status" className="text-lg">
          {actionData.message}
        </p>
      ) : (
        <>
          <p className="text-lg text-ink-soft">
            You asked for a daily practice reminder by email. If you'd rather not have them, one tap stops
            them. Your course and your practice stay just as they are.
          </p>
          <Form method="post">
            <Button type="submit" disabled={navigation.state === "submitting"}>
              {navigation.state === "submitting" ? "Stopping..." : "Stop reminder emails"}
            </Button>
          </Form>
        </>
      )}
      <p className="text-ink-soft">
        You can change the time or turn reminders back on in{" "}
        <Link to="/portal/profile#reminders" className="font-medium text-plum underline">
          your profile
        </Link>
        .
      </p>
    </section>
  );
}
