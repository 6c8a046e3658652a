import { parseSubmission } from "~/modules/site/form-submission.ts";
import { data, type RouterContextProvider } from "react-router";
import type { ContactFormResult } from "./contact-page.tsx";
import { contactFormSchema } from "~/modules/contact/contact-form.ts";
import { sendContactMessage } from "~/modules/contact/contact.server.ts";
import { db, memberContext, requestLog, services } from "~/services.server.ts";

/**
 * The action behind `ContactPage`'s form, wherever the page is shown (the
 * public /contact and the portal's): check the input, store and notify, and
 * answer the form. One function, so both pages keep the same rules and limits.
 * The member signed in, if any, is how a message is confirmed as hers.
 */
export async function contactFormAction(args: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const submission = parseSubmission(await args.request.formData(), contactFormSchema);
  if (submission.status !== "success") {
    return data<ContactFormResult>({ result: submission.reply() }, { status: 400 });
  }
  const { env, mailer } = services(args);
  const member = args.context.get(memberContext);
  const outcome = await sendContactMessage(
    { db: db(args), mailer, ownerEmail: env.OWNER_EMAIL, log: requestLog(args) },
    { headers: args.request.headers, member: member && { id: member.id, email: member.email } },
    submission.value,
  );
  if (!outcome.ok) {
    return data<ContactFormResult>(
      { result: submission.reply({ formErrors: [outcome.message] }) },
      {
        status: outcome.status,
        headers:
          "retryAfterSeconds" in outcome ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined,
      },
    );
  }
  return data<ContactFormResult>({ result: submission.reply({ resetForm: true }), sent: true });
}
