import { Link } from "react-router";
import type { Route } from "./+types/receipt";
import { COMPLETE_COURSE_CONTAINS } from "#app/modules/catalogue/complete-course.ts";
import { receiptFor } from "#app/modules/payments/course-welcome.server.ts";
import { invoicePath } from "#app/modules/payments/receipt.ts";
import { BRAND } from "#app/modules/site/brand.ts";
import { db, services, signedInMember } from "#app/request.server.ts";

export function meta() {
  return [{ title: `Your receipt · ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}

export async function loader(args: Route.LoaderArgs) {
  const member = signedInMember(args);
  return {
    receipt: await receiptFor(db(args), member.id),
    name: member.fullName || member.displayName,
    email: member.email,
    supportEmail: services(args).env.SUPPORT_EMAIL,
  };
}

/** The member's receipt for the Complete Course: what they paid, when, how, and what it holds. */
export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  const { receipt, name, email, supportEmail } = loaderData;
  return (
    <div className="container-page grid max-w-3xl gap-6 py-8 md:py-12">
      <h1 className="text-3xl font-semibold md:text-4xl">Your receipt</h1>
      {receipt ? (
        <section
          aria-label="Receipt"
          className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft md:p-8"
        >
          <p className="text-sm font-semibold tracking-wide text-sage-deep uppercase">{BRAND.name}</p>
          <h2 className="mt-1 text-2xl font-semibold">The Complete Course</h2>
          <p className="mt-2 measure text-ink-soft">{COMPLETE_COURSE_CONTAINS}</p>
          <dl className="mt-6 grid gap-3 sm:grid-cols-[10rem_1fr]">
            <dt className="font-medium">Paid</dt>
            <dd>{receipt.amount}, once</dd>
            <dt className="font-medium">On</dt>
            <dd>{receipt.paidOn}</dd>
            <dt className="font-medium">By</dt>
            <dd>{receipt.method}</dd>
            <dt className="font-medium">Reference</dt>
            <dd className="font-mono">{receipt.reference}</dd>
            <dt className="font-medium">For</dt>
            <dd className="break-words">
              {name} ({receipt.sentTo ?? email})
            </dd>
            {receipt.invoiceNumber ? (
              <>
                <dt className="font-medium">Invoice</dt>
                <dd>
                  <a
                    href={invoicePath(receipt.invoiceNumber)}
                    download
                    className="text-plum underline underline-offset-4"
                  >
                    Invoice {receipt.invoiceNumber} (PDF)
                  </a>
                </dd>
              </>
            ) : null}
          </dl>
          <p className="mt-6 text-ink-soft">
            Changed your mind? Within 30 days of paying, write to{" "}
            <a href={`mailto:${supportEmail}`} className="text-plum underline underline-offset-4">
              {supportEmail}
            </a>{" "}
            for a full refund.
          </p>
        </section>
      ) : (
        <p className="rounded-[var(--radius-card)] border border-line bg-white p-6 text-ink-soft">
          There is no payment on your account.{" "}
          <Link to="/portal" className="text-plum underline underline-offset-4">
            Back to your dashboard
          </Link>
        </p>
      )}
      <p className="text-ink-soft">
        Given the course as a gift? Its receipt and invoice are on{" "}
        <Link to="/portal/gifts" className="text-plum underline underline-offset-4">
          your gifts page
        </Link>
        .
      </p>
    </div>
  );
}
