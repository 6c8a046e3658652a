import { Form } from "react-router";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { StudioTable } from "#app/components/studio/studio-table.tsx";
import { useStudioTime } from "#app/components/studio/studio-clock.tsx";
import type { StudioOffer } from "#app/modules/studio/offers.server.ts";

const SELECT = "block min-h-12 w-full rounded-xl border border-ink/25 bg-white px-4 text-ink";

interface Failed {
  error: string;
  /** Which form was refused: the new code's, or an end. */
  intent: "create" | "end";
  typed: Record<string, string>;
}

/**
 * The offers page: every code with its terms, its uses (of its most) and what its payments brought
 * in, a button to end an open one early, and the form for a new one. Plain posts: it works without
 * JavaScript.
 */
export function OffersPage({
  offers,
  failed,
  busy,
}: {
  offers: StudioOffer[];
  failed: Failed | null;
  busy: boolean;
}) {
  const when = useStudioTime();
  const typed = failed?.intent === "create" ? failed.typed : {};
  const createError = failed?.intent === "create" ? [failed.error] : undefined;
  return (
    <>
      <h1 className="text-3xl font-semibold">Offers</h1>
      <p className="mt-2 max-w-2xl text-ink-soft">
        Codes a member can enter at checkout for a lower price. A use is counted when her payment succeeds;
        revenue is what those payments brought in, less any refunded. No code takes the price below the
        payment providers' minimum.
      </p>
      {failed?.intent === "end" ? (
        <Alert tone="error" className="mt-4">
          {failed.error}
        </Alert>
      ) : null}
      {offers.length === 0 ? (
        <p className="mt-6 text-ink-soft">No codes yet.</p>
      ) : (
        <StudioTable
          caption="Codes, newest first"
          columns={["Code", "Terms", "Runs", "Uses", "Revenue", { label: "End", hidden: true }]}
          className="mt-6"
        >
          {offers.map((offer) => (
            <tr key={offer.id} className="border-b border-ink/5 align-top last:border-0">
              <td className="px-4 py-2 font-mono">{offer.code}</td>
              <td className="px-4 py-2">{offer.terms}</td>
              <td className="px-4 py-2">
                {when(offer.startsAt, { dayOnly: true })} to {when(offer.endsAt)}
                {offer.endedAt ? (
                  <span className="block text-ink-soft">Ended early {when(offer.endedAt)}</span>
                ) : null}
              </td>
              <td className="px-4 py-2 whitespace-nowrap">
                {offer.uses} of {offer.maxUses}
              </td>
              <td className="px-4 py-2 whitespace-nowrap">{offer.revenue}</td>
              <td className="px-4 py-2">
                {offer.open ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="end" />
                    <input type="hidden" name="offer" value={offer.id} />
                    <Button type="submit" size="sm" variant="outline" disabled={busy}>
                      End now<span className="sr-only">: {offer.code}</span>
                    </Button>
                  </Form>
                ) : (
                  <span className="text-ink-soft">Ended</span>
                )}
              </td>
            </tr>
          ))}
        </StudioTable>
      )}

      <section aria-labelledby="new-offer" className="mt-10 max-w-2xl">
        <h2 id="new-offer" className="text-xl font-semibold">
          A new code
        </h2>
        <p className="mt-1 text-ink-soft">The studio asks for your second factor again first.</p>
        {createError ? (
          <Alert tone="error" className="mt-4">
            {failed!.error}
          </Alert>
        ) : null}
        <Form method="post" className="mt-4 grid gap-4">
          <input type="hidden" name="intent" value="create" />
          <Field id="offer-code" label="Code" hint="3 to 32 letters, digits or hyphens, such as MIDWIFE-20.">
            {(a11y) => (
              <Input
                name="code"
                required
                minLength={3}
                maxLength={32}
                pattern="[A-Za-z0-9\-]+"
                autoComplete="off"
                spellCheck={false}
                defaultValue={typed.code}
                {...a11y}
              />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="offer-kind" label="Takes off">
              {(a11y) => (
                <select name="kind" defaultValue={typed.kind || "percent"} className={SELECT} {...a11y}>
                  <option value="percent">A percentage</option>
                  <option value="amount">An amount</option>
                </select>
              )}
            </Field>
            <Field id="offer-value" label="How much" hint="20 for 20%, or 5 for €5 off.">
              {(a11y) => (
                <Input name="value" required inputMode="decimal" defaultValue={typed.value} {...a11y} />
              )}
            </Field>
            <Field id="offer-starts" label="First day">
              {(a11y) => <Input type="date" name="starts" required defaultValue={typed.starts} {...a11y} />}
            </Field>
            <Field id="offer-ends" label="Last day">
              {(a11y) => <Input type="date" name="ends" required defaultValue={typed.ends} {...a11y} />}
            </Field>
            <Field id="offer-uses" label="Most uses" hint="Payments that may use it, in all.">
              {(a11y) => (
                <Input
                  type="number"
                  name="maxUses"
                  required
                  min={1}
                  max={100000}
                  step={1}
                  defaultValue={typed.maxUses}
                  {...a11y}
                />
              )}
            </Field>
          </div>
          <label className="flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              name="giftsOnly"
              value="yes"
              defaultChecked={typed.giftsOnly === "yes"}
              className="size-5"
            />
            For gifts only
          </label>
          <Button type="submit" disabled={busy} className="justify-self-start">
            Make the code
          </Button>
        </Form>
      </section>
    </>
  );
}
