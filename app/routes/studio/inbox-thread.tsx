import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/inbox-thread";
import { Alert } from "~/components/ui/alert.tsx";
import { Button } from "~/components/ui/button.tsx";
import { cn } from "~/components/ui/cn.ts";
import { Field } from "~/components/ui/field.tsx";
import { Textarea } from "~/components/ui/input.tsx";
import {
  inboxThread,
  markThreadUnread,
  replyToThread,
  setThreadArchived,
  type InboxResult,
} from "~/modules/contact/inbox.server.ts";
import { REPLY_MAX } from "~/modules/contact/inbox.ts";
import { redirectWithFlash } from "~/modules/site/flash.server.ts";
import { studioOwnerContext } from "~/modules/studio/context.server.ts";
import { db, requestLog, services } from "~/services.server.ts";
import { STUDIO_LINK, STUDIO_WHEN } from "~/components/studio/studio-table.tsx";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.thread.name ?? "Conversation"} · Tidewell Studio` },
];

export async function loader(args: Route.LoaderArgs) {
  // Opening it marks it read.
  const thread = await inboxThread(db(args), args.params.thread, services(args).clock.now());
  if (!thread) throw data("There is no such conversation.", { status: 404 });
  return { thread };
}

export async function action(args: Route.ActionArgs) {
  const owner = args.context.get(studioOwnerContext);
  if (!owner) throw data("The studio is for the course's owner.", { status: 403 });
  const appServices = services(args);
  const now = appServices.clock.now();
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const threadId = args.params.thread;
  const database = appServices.database.db;

  let result: InboxResult;
  // Where she goes once it is done: a reply stays in the conversation; the rest go back to the list.
  let next = "/studio/inbox";
  if (intent === "reply") {
    result = await replyToThread(
      {
        db: database,
        mailer: appServices.mailer,
        supportEmail: appServices.env.SUPPORT_EMAIL,
        log: requestLog(args),
      },
      owner,
      threadId,
      String(form.get("reply") ?? ""),
      now,
    );
    next = `/studio/inbox/${encodeURIComponent(threadId)}`;
  } else if (intent === "unread") {
    result = await markThreadUnread(database, owner, threadId, now);
  } else if (intent === "archive" || intent === "unarchive") {
    result = await setThreadArchived(database, owner, threadId, intent === "archive", now);
    if (intent === "unarchive") next = `/studio/inbox/${encodeURIComponent(threadId)}`;
  } else {
    return data({ intent, error: "Please use the forms on this page.", reply: "" }, { status: 400 });
  }
  if (!result.ok) {
    // What she typed stays in the box.
    const reply = intent === "reply" ? String(form.get("reply") ?? "") : "";
    return data({ intent, error: result.message, reply }, { status: result.status });
  }
  return redirectWithFlash(appServices.flash, next, { type: "success", message: result.message });
}

const DELIVERY = { pending: "Waiting to send", sending: "Sending", sent: "Sent", failed: "Couldn't be sent" };

export default function StudioInboxThread({ loaderData, actionData }: Route.ComponentProps) {
  const { thread } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "reply";
  const replyError = actionData?.intent === "reply" ? actionData.error : null;
  const otherError = actionData && actionData.intent !== "reply" ? actionData.error : null;
  return (
    <>
      <p>
        <Link to={thread.archived ? "/studio/inbox?view=archived" : "/studio/inbox"} className={STUDIO_LINK}>
          {thread.archived ? "Archived conversations" : "All conversations"}
        </Link>
      </p>
      <h1 className="text-3xl font-semibold">{thread.name}</h1>
      <p className="mt-1 text-ink-soft">
        {thread.address}
        {thread.memberId ? (
          <>
            {" · "}
            <Link
              to={`/studio/members/${thread.memberId}`}
              className="text-plum underline underline-offset-4"
            >
              Member page
            </Link>
          </>
        ) : null}
        {thread.archived ? " · Archived" : null}
      </p>
      {thread.confirmed ? null : (
        <Alert tone="info" className="mt-4 max-w-3xl">
          <strong className="font-semibold">Not confirmed.</strong> This was sent without signing in, so
          anyone could have typed this address. It isn't linked to a member, and your reply won't quote it or
          greet them by name.
        </Alert>
      )}

      {otherError ? (
        <Alert tone="error" className="mt-4">
          {otherError}
        </Alert>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="unread" />
          <Button type="submit" size="sm" variant="outline" disabled={busy}>
            Mark as Unread
          </Button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value={thread.archived ? "unarchive" : "archive"} />
          <Button type="submit" size="sm" variant="outline" disabled={busy}>
            {thread.archived ? "Move to Inbox" : "Archive"}
          </Button>
        </Form>
      </div>

      <ol aria-label="Messages and replies" className="mt-8 grid max-w-3xl gap-4">
        {thread.entries.map((entry) => (
          <li
            key={`${entry.kind}-${entry.id}`}
            className={cn(
              "rounded-2xl border p-4",
              entry.kind === "reply"
                ? "ml-6 border-lavender/60 bg-lavender-soft/40"
                : "border-ink/10 bg-white",
            )}
          >
            <p className="flex flex-wrap gap-x-3 text-sm text-ink-soft">
              <span className="font-medium text-ink">
                {entry.kind === "message"
                  ? entry.name
                  : `Your reply${entry.ownerName ? ` (${entry.ownerName})` : ""}`}
              </span>
              <span>{STUDIO_WHEN.format(new Date(entry.at))} UTC</span>
              {entry.kind === "message" && entry.phone ? <span>Phone: {entry.phone}</span> : null}
              {entry.kind === "reply" ? (
                <span>{entry.delivery ? DELIVERY[entry.delivery] : "Sent"}</span>
              ) : null}
            </p>
            <p className="mt-2 break-words whitespace-pre-wrap text-ink">{entry.text}</p>
          </li>
        ))}
      </ol>

      <section aria-labelledby="reply-heading" className="mt-10 max-w-3xl">
        <h2 id="reply-heading" className="text-xl font-semibold">
          Reply
        </h2>
        <p className="mt-1 text-ink-soft">
          {thread.confirmed
            ? `Emailed to ${thread.address} from the course's address, with their latest message quoted below it.`
            : `Emailed to ${thread.address} from the course's address, without their message.`}
        </p>
        {replyError ? (
          <Alert tone="error" className="mt-3">
            {replyError}
          </Alert>
        ) : null}
        <Form method="post" className="mt-3 grid gap-3">
          <input type="hidden" name="intent" value="reply" />
          <Field id="reply" label="Your reply">
            {(a11y) => (
              <Textarea
                name="reply"
                rows={8}
                required
                maxLength={REPLY_MAX}
                defaultValue={actionData?.reply ?? ""}
                {...a11y}
              />
            )}
          </Field>
          <Button type="submit" disabled={busy} className="justify-self-start">
            {sending ? "Sending..." : "Send Reply"}
          </Button>
        </Form>
      </section>
    </>
  );
}
