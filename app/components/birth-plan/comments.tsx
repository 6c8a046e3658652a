import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Textarea } from "#app/components/ui/input.tsx";
import type { BirthPlanPageComment } from "#app/modules/birth-plan/page.server.ts";
import type { BirthPlanSection } from "#app/modules/birth-plan/sections.ts";
import { BIRTH_PLAN_INTENTS as INTENTS } from "#app/modules/birth-plan/forms.ts";
import { SavedTime } from "./saved-time.tsx";
import { Heading } from "./sheet.tsx";

const COMMENT_MAX_LENGTH = 1000;

/** Whether the page is posting this intent now (for this comment, when given). */
function usePosting() {
  const navigation = useNavigation();
  return (intent: string, commentId?: string) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (commentId === undefined || navigation.formData?.get("commentId") === commentId);
}

/**
 * Her birth partner's comments on one section of her plan, under that section. She resolves (or reopens) them;
 * her partner adds them and may delete their own open ones. Each is a plain post, so it works without
 * JavaScript: the page comes back with a message.
 */
export function SectionComments({
  section,
  comments,
  reader,
  herFirstName,
  level,
}: {
  section: BirthPlanSection;
  /** This section's comments, oldest first. */
  comments: BirthPlanPageComment[];
  /** Who reads the page: she resolves comments, her partner adds them. */
  reader: "member" | "partner";
  herFirstName: string;
  level: 3 | 4;
}) {
  const headingId = useId();
  if (reader === "member" && comments.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-5 grid gap-3 border-t border-line pt-4">
      <Heading level={level} id={headingId} className="font-sans text-base font-semibold">
        {reader === "member" ? "Comments from your birth partner" : "Comments"}
      </Heading>
      {comments.length > 0 ? (
        <ul className="grid gap-3">
          {comments.map((comment) => (
            <li key={comment.id}>
              <CommentItem comment={comment} reader={reader} />
            </li>
          ))}
        </ul>
      ) : null}
      {reader === "partner" ? (
        // Started afresh when a comment is added, so the sent words don't stay in the box.
        <AddComment key={comments.at(-1)?.id ?? "none"} section={section} herFirstName={herFirstName} />
      ) : null}
    </section>
  );
}

function CommentItem({ comment, reader }: { comment: BirthPlanPageComment; reader: "member" | "partner" }) {
  const posting = usePosting();
  const bodyId = useId();
  return (
    <article
      className={cn(
        "grid gap-2 rounded-2xl border px-4 py-3",
        comment.resolved ? "border-line bg-sand/50 text-ink-soft" : "border-lavender bg-lavender-soft/60",
      )}
    >
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="font-semibold text-ink">{comment.authorFirstName}</span>
        <span className="text-ink-soft">
          <SavedTime iso={comment.createdAt} />
        </span>
        {/* Said in words, not only by the grey. */}
        {comment.resolved ? (
          <span className="rounded-full border border-line bg-white px-2 text-xs font-medium text-ink-soft">
            Resolved
          </span>
        ) : null}
      </p>
      <p id={bodyId} className="measure whitespace-pre-line">
        {comment.body}
      </p>
      {reader === "member" ? (
        <CommentAction
          intent={comment.resolved ? INTENTS.reopen : INTENTS.resolve}
          commentId={comment.id}
          describedBy={bodyId}
          label={comment.resolved ? "Reopen" : "Resolve"}
          pendingLabel={comment.resolved ? "Reopening…" : "Resolving…"}
          pending={posting(comment.resolved ? INTENTS.reopen : INTENTS.resolve, comment.id)}
        />
      ) : comment.mine && !comment.resolved ? (
        <CommentAction
          intent={INTENTS.deleteComment}
          commentId={comment.id}
          describedBy={bodyId}
          label="Delete"
          pendingLabel="Deleting…"
          pending={posting(INTENTS.deleteComment, comment.id)}
          danger
        />
      ) : null}
    </article>
  );
}

function CommentAction({
  intent,
  commentId,
  describedBy,
  label,
  pendingLabel,
  pending,
  danger = false,
}: {
  intent: string;
  commentId: string;
  /** The comment's words, so a screen reader hears which comment the button acts on. */
  describedBy: string;
  label: string;
  pendingLabel: string;
  pending: boolean;
  danger?: boolean;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="commentId" value={commentId} />
      <Button
        type="submit"
        size="sm"
        variant={danger ? "danger" : "outline"}
        disabled={pending}
        aria-describedby={describedBy}
      >
        {pending ? pendingLabel : label}
      </Button>
    </Form>
  );
}

function AddComment({ section, herFirstName }: { section: BirthPlanSection; herFirstName: string }) {
  const posting = usePosting();
  const navigation = useNavigation();
  const id = useId();
  const sending = posting(INTENTS.comment) && navigation.formData?.get("sectionId") === section.id;
  return (
    <Form method="post" preventScrollReset className="grid gap-2">
      <input type="hidden" name="intent" value={INTENTS.comment} />
      <input type="hidden" name="sectionId" value={section.id} />
      <label htmlFor={id} className="text-[0.95rem] font-medium">
        Comment for {herFirstName} on {section.title}
      </label>
      <Textarea id={id} name="body" rows={3} maxLength={COMMENT_MAX_LENGTH} required />
      <div>
        <Button type="submit" size="sm" variant="secondary" disabled={sending}>
          {sending ? "Adding…" : "Add comment"}
        </Button>
      </div>
    </Form>
  );
}
