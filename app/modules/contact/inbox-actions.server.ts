import { markThreadUnread, replyToThread, setThreadArchived, type ReplyDeps } from "./inbox.server.ts";
import { thenTo, type InboxThreadForm, type StudioFormAnswer } from "#app/modules/studio/forms.ts";
import type { StudioOwner } from "#app/modules/studio/studio.server.ts";

/**
 * Does what a conversation's form in the studio asks, read by the studio's schema.
 * A reply, or taking it out of the archive, stays in the conversation; the
 * rest go back to the list.
 */
export async function answerInboxThreadForm(
  deps: ReplyDeps,
  owner: StudioOwner,
  threadId: string,
  form: InboxThreadForm,
  now: Date,
): Promise<StudioFormAnswer> {
  const inbox = "/studio/inbox";
  const conversation = `/studio/inbox/${encodeURIComponent(threadId)}`;
  switch (form.intent) {
    case "reply":
      return thenTo(
        conversation,
        await replyToThread(deps, owner, threadId, { body: form.reply, replyId: form.replyId }, now),
      );
    case "unread":
      return thenTo(inbox, await markThreadUnread(deps.db, owner, threadId, now));
    case "archive":
      return thenTo(inbox, await setThreadArchived(deps.db, owner, threadId, true, now));
    case "unarchive":
      return thenTo(conversation, await setThreadArchived(deps.db, owner, threadId, false, now));
  }
}
