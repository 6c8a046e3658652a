import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";

/**
 * The accountant's file: a period's invoices and credit notes as CSV, the days on the studio's clock. A post, as
 * the browser sends a form (the answer is a file to save), so a link or another site can't ask for it.
 */
export function InvoiceExport({ from, to }: { from: string; to: string }) {
  return (
    <section aria-labelledby="invoice-export" className="mt-6 max-w-2xl">
      <h2 id="invoice-export" className="text-xl font-semibold">
        Invoices for your accountant
      </h2>
      <p className="mt-1 text-ink-soft">
        Every invoice and credit note issued in a period, both days included, as a CSV file.
      </p>
      <Form
        method="post"
        action="/studio/invoices.csv"
        reloadDocument
        className="mt-3 flex flex-wrap items-end gap-3"
      >
        <Field id="invoices-from" label="From">
          {(a11y) => <Input type="date" name="from" defaultValue={from} required {...a11y} />}
        </Field>
        <Field id="invoices-to" label="To">
          {(a11y) => <Input type="date" name="to" defaultValue={to} required {...a11y} />}
        </Field>
        <Button type="submit" variant="outline">
          Export invoices as CSV
        </Button>
      </Form>
    </section>
  );
}
