import type { SubmissionResult } from "@conform-to/react";
import { parseSubmission } from "#app/modules/site/form-submission.ts";
import { contactFormSchema } from "./contact-form.ts";
import { sendContactMessage, type ContactDeps, type ContactSender } from "./contact.server.ts";

/** What the contact form gets back: its reply, and whether the message went. */
export interface ContactFormResult {
  result: SubmissionResult<string[]>;
  sent?: boolean;
}

/**
 * The contact form's answer, wherever the page is shown (the public /contact and the portal's):
 * check the input, store and notify. One function, so both pages keep the same rules and limits.
 * The member signed in, if any, is how a message is confirmed as hers.
 */
export async function answerContactForm(
  formData: FormData,
  deps: ContactDeps,
  sender: ContactSender,
): Promise<{ body: ContactFormResult; status: number; retryAfterSeconds?: number }> {
  const submission = parseSubmission(formData, contactFormSchema);
  if (submission.status !== "success") return { body: { result: submission.reply() }, status: 400 };
  const outcome = await sendContactMessage(deps, sender, submission.value);
  if (!outcome.ok) {
    return {
      body: { result: submission.reply({ formErrors: [outcome.message] }) },
      status: outcome.status,
      retryAfterSeconds: "retryAfterSeconds" in outcome ? outcome.retryAfterSeconds : undefined,
    };
  }
  return { body: { result: submission.reply({ resetForm: true }), sent: true }, status: 200 };
}
