import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/inbox-thread";
import { ConversationEntries, ReplyForm } from "#app/components/studio/conversation.tsx";
import { ConversationRefunds } from "#app/components/studio/member-purchases.tsx";
import { STUDIO_LINK } from "#app/components/studio/studio-table.tsx";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { inboxThread } from "#app/modules/contact/inbox.server.ts";
import { redirectWithFlash } from "#app/modules/site/flash.server.ts";
import { requireStudioOwner } from "#app/modules/studio/context.server.ts";
import { inboxThreadForms, readStudioForm } from "#app/modules/studio/forms.ts";
import { refundablePurchases } from "#app/modules/studio/refunds.server.ts";
import { answerInboxThreadForm } from "#app/modules/contact/inbox-actions.server.ts";
import { db, requestLog, services, now } from "#app/request.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.thread.name ?? "Conversation"} · Tidewell Studio` },
];

export async function loader(args: Route.LoaderArgs) {
  // Opening it marks it read.
  const thread = await inboxThread(db(args), args.params.thread, now(args));
  if (!thread) throw data("There is no such conversation.", { status: 404 });
  // A member's payment she may be writing about, ready to refund.
  const refunds = thread.memberId ? await refundablePurchases(db(args), thread.memberId, now(args)) : [];
  // The reply form's id: new each time the page is shown, so a form sent twice is one reply.
  return { thread, refunds, replyId: crypto.randomUUID() };
}

export async function action(args: Route.ActionArgs) {
  const owner = requireStudioOwner(args.context);
  const read = readStudioForm(await args.request.formData(), inboxThreadForms);
  if (!read.ok) return data({ intent: read.intent, error: read.message, reply: "" }, { status: 400 });
  const { database, mailer, env, clock, flash } = services(args);
  const answer = await answerInboxThreadForm(
    { db: database.db, mailer, supportEmail: env.SUPPORT_EMAIL, log: requestLog(args) },
    owner,
    args.params.thread,
    read.form,
    clock.now(),
  );
  if (answer.ok) return redirectWithFlash(flash, answer.next, { type: "success", message: answer.message });
  // What she typed stays in the box.
  const reply = read.form.intent === "reply" ? read.form.reply : "";
  return data({ intent: read.form.intent, error: answer.message, reply }, { status: answer.status });
}

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
      <ConversationRefunds threadId={thread.id} refunds={loaderData.refunds} />
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

      <ConversationEntries entries={thread.entries} />
      <ReplyForm
        // A new form after each reply sent: its box empty, its id new.
        key={loaderData.replyId}
        replyId={loaderData.replyId}
        thread={thread}
        error={replyError}
        typed={actionData?.reply ?? ""}
        busy={busy}
        sending={sending}
      />
    </>
  );
}
