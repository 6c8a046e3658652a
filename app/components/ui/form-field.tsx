import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import { Field } from "./field.tsx";
import { Input, Textarea } from "./input.tsx";

/** What a form's field says around its control. */
interface Labelled<Schema> {
  /** The form's field (Conform): its name, value, constraints and errors. */
  field: FieldMetadata<Schema>;
  label: ReactNode;
  hint?: ReactNode;
  hideLabel?: boolean;
}

type ControlOwned = "id" | "name" | "defaultValue" | "type" | "required";

/**
 * One field of a Conform form as a labelled input: the label, hint and errors
 * from Field, the name, value and constraints from the form's schema. The
 * other props go to the input itself.
 */
export function InputField<Schema>({
  field,
  label,
  hint,
  hideLabel,
  type,
  ...input
}: Labelled<Schema> & { type: "text" | "email" | "password" | "tel" | "date" | "time" } & Omit<
    ComponentProps<typeof Input>,
    ControlOwned
  >) {
  return (
    <Field id={field.id} label={label} hint={hint} hideLabel={hideLabel} errors={field.errors}>
      {(a11y) => <Input {...getInputProps(field, { type, ariaAttributes: false })} {...a11y} {...input} />}
    </Field>
  );
}

/** InputField's counterpart for a longer text. */
export function TextareaField<Schema>({
  field,
  label,
  hint,
  hideLabel,
  ...textarea
}: Labelled<Schema> & Omit<ComponentProps<typeof Textarea>, ControlOwned>) {
  return (
    <Field id={field.id} label={label} hint={hint} hideLabel={hideLabel} errors={field.errors}>
      {(a11y) => <Textarea {...getTextareaProps(field, { ariaAttributes: false })} {...a11y} {...textarea} />}
    </Field>
  );
}
