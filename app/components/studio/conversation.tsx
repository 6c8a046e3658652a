import { Form } from "react-router";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Field } from "#app/components/ui/field.tsx";
import { Textarea } from "#app/components/ui/input.tsx";
import { useStudioTime } from "#app/components/studio/studio-clock.tsx";
import type { InboxThread } from "#app/modules/contact/inbox.server.ts";
import { REPLY_MAX } from "#app/modules/contact/inbox.ts";

const DELIVERY = { pending: "Waiting to send", sending: "Sending", sent: "Sent", failed: "Couldn't be sent" };

/** A conversation's messages and the owner's replies, oldest first, the replies set in. */
export function ConversationEntries({ entries }: { entries: InboxThread["entries"] }) {
  const when = useStudioTime();
  return (
    <ol aria-label="Messages and replies" className="mt-8 grid max-w-3xl gap-4">
      {entries.map((entry) => (
        <li
          key={`${entry.kind}-${entry.id}`}
          className={cn(
            "rounded-2xl border p-4",
            entry.kind === "reply" ? "ml-6 border-lavender/60 bg-lavender-soft/40" : "border-ink/10 bg-white",
          )}
        >
          <p className="flex flex-wrap gap-x-3 text-sm text-ink-soft">
            <span className="font-medium text-ink">
              {entry.kind === "message"
                ? entry.name
                : `Your reply${entry.ownerName ? ` (${entry.ownerName})` : ""}`}
            </span>
            <span>{when(entry.at)}</span>
            {entry.kind === "message" && entry.phone ? <span>Phone: {entry.phone}</span> : null}
            {entry.kind === "reply" ? (
              <span>{entry.delivery ? DELIVERY[entry.delivery] : "Sent"}</span>
            ) : null}
          </p>
          <p className="mt-2 break-words whitespace-pre-wrap text-ink">{entry.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** The reply box: emailed from the course's address, with her latest message quoted when it is confirmed hers. */
export function ReplyForm({
  replyId,
  thread,
  error,
  typed,
  busy,
  sending,
}: {
  /** The form's own id: the server sends one reply for it, however often it is sent. */
  replyId: string;
  thread: Pick<InboxThread, "address" | "confirmed">;
  error: string | null;
  /** What she typed before a refusal, kept in the box. */
  typed: string;
  busy: boolean;
  sending: boolean;
}) {
  return (
    <section aria-labelledby="reply-heading" className="mt-10 max-w-3xl">
      <h2 id="reply-heading" className="text-xl font-semibold">
        Reply
      </h2>
      <p className="mt-1 text-ink-soft">
        {thread.confirmed
          ? `Emailed to ${thread.address} from the course's address, with their latest message quoted below it.`
          : `Emailed to ${thread.address} from the course's address, without their message.`}
      </p>
      {error ? (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      ) : null}
      <Form method="post" className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value="reply" />
        <input type="hidden" name="replyId" value={replyId} />
        <Field id="reply" label="Your reply">
          {(a11y) => (
            <Textarea name="reply" rows={8} required maxLength={REPLY_MAX} defaultValue={typed} {...a11y} />
          )}
        </Field>
        <Button type="submit" disabled={busy} className="justify-self-start">
          {sending ? "Sending..." : "Send Reply"}
        </Button>
      </Form>
    </section>
  );
}
