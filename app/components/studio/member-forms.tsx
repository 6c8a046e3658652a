import type { ReactNode } from "react";
import { Form } from "react-router";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Textarea } from "#app/components/ui/input.tsx";
import { REASON_MAX } from "#app/modules/studio/member-actions.ts";

/**
 * The member page's forms, each a section of its own with the error its last
 * post came back with. Each posts its `intent` to the page's action.
 */
interface FormProps {
  /** What the last post of this form was refused with, if it was. */
  error: string | null;
  /** A post is on its way: no second one. */
  busy: boolean;
}

/**
 * Grants premium, or takes it back, with the reason kept beside the audit log's entry. Taking it back
 * returns no money, and says so: a refund is her payment's own action (MemberPurchases).
 */
export function PremiumForm({
  premium,
  tier,
  refundable,
  error,
  busy,
}: FormProps & {
  premium: boolean;
  tier: string;
  /** The amount of a payment of hers that can be refunded, if there is one. */
  refundable: string | null;
}) {
  return (
    <ActionSection
      id="premium"
      title={premium ? "Take premium back, without a refund" : "Grant premium"}
      intro={
        premium
          ? `Ends her access to the Complete Course and returns no money.${
              refundable
                ? ` To give her ${refundable} back, refund her payment under Purchases instead: that ends her premium too.`
                : ""
            }`
          : "Gives her the Complete Course without a payment."
      }
      error={error}
    >
      {/* A new form once the tier changes: the reason given for the last change is not the next one's. */}
      <Form key={tier} method="post" className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value={premium ? "revoke-premium" : "grant-premium"} />
        <Field
          id="reason"
          label="Reason"
          hint="Shown with the audit log's entry, for you and anyone who helps you later; deleted with her account."
        >
          {(a11y) => <Textarea name="reason" rows={2} required maxLength={REASON_MAX} {...a11y} />}
        </Field>
        <Button
          type="submit"
          disabled={busy}
          variant={premium ? "outline" : undefined}
          className="justify-self-start"
        >
          {premium ? "Take Premium Back" : "Grant Premium"}
        </Button>
      </Form>
    </ActionSection>
  );
}

/** Emails her a magic link. */
export function SignInLinkForm({ error, busy }: FormProps) {
  return (
    <ActionSection
      id="sign-in"
      title="Sign-in link"
      intro="Emails her a magic link that signs her in, as the sign-in page does when she asks for one."
      error={error}
    >
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="sign-in-link" />
        <Button type="submit" variant="outline" disabled={busy}>
          Send Sign-in Link
        </Button>
      </Form>
    </ActionSection>
  );
}

/** Makes the account an owner's, or a member's again. */
export function RoleForm({ ownerAccount, error, busy }: FormProps & { ownerAccount: boolean }) {
  return (
    <ActionSection
      id="role"
      title="Role"
      intro={
        <>
          {ownerAccount
            ? "An owner: this account opens the studio, behind its own second factor."
            : "A member. An owner's account opens the studio too, once it has its own authenticator."}{" "}
          The studio asks for your code again first.
        </>
      }
      error={error}
    >
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value={ownerAccount ? "make-member" : "make-owner"} />
        <Button type="submit" variant="outline" disabled={busy}>
          {ownerAccount ? "Make Member" : "Make Owner"}
        </Button>
      </Form>
    </ActionSection>
  );
}

/** Deletes her account, once the box says the owner means it. */
export function DeleteAccountForm({ error, busy }: FormProps) {
  return (
    <section
      aria-labelledby="delete-heading"
      className="mt-12 max-w-xl rounded-2xl border border-danger/30 bg-danger-soft/40 p-4"
    >
      <h2 id="delete-heading" className="text-xl font-semibold text-danger">
        Delete the account
      </h2>
      <p className="mt-1 text-ink-soft">
        Everything about her goes, as when she deletes it herself; her purchases stay as anonymous sales
        records. The studio asks for your code again first.
      </p>
      <FormError error={error} />
      <Form method="post" className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value="delete" />
        <label className="flex min-h-11 items-center gap-3">
          <input type="checkbox" name="confirm" value="yes" className="size-5" />I understand this can't be
          undone.
        </label>
        <Button type="submit" variant="danger" disabled={busy} className="justify-self-start">
          Delete Account
        </Button>
      </Form>
    </section>
  );
}

function ActionSection({
  id,
  title,
  intro,
  error,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-10 max-w-xl">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-ink-soft">{intro}</p> : null}
      <FormError error={error} />
      {children}
    </section>
  );
}

function FormError({ error }: { error: string | null }) {
  return error ? (
    <Alert tone="error" className="mt-3">
      {error}
    </Alert>
  ) : null;
}
