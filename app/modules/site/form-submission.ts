import { parse, type Submission } from "@conform-to/react";
import * as z from "zod/mini";

/** Zod's English messages, for the few checks that carry no message of their own. */
const english = z.locales.en();

/**
 * Reads a submitted form against its schema, the same way in the browser and
 * on the server: a Conform submission (its reply, its intents) with the
 * schema's messages by field name. An empty field counts as a missing one, as
 * in Conform's zod adapter, so a blank password asks for a password rather
 * than for more characters.
 *
 * The forms' schemas are zod/mini and this reads them with zod's core alone:
 * the adapter's coercion would bring zod's whole chainable API to every page
 * with a form.
 */
export function parseSubmission<Schema extends z.ZodMiniType>(
  formData: FormData | URLSearchParams,
  schema: Schema,
): Submission<z.input<Schema>, string[], z.output<Schema>> {
  const submission = parse<z.output<Schema>, string[]>(formData, {
    resolve(payload) {
      const result = z.safeParse(schema, withoutEmptyFields(payload), { error: english.localeError });
      if (result.success) return { value: result.data };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) (error[fieldName(issue.path)] ??= []).push(issue.message);
      return { error };
    },
  });
  // Typed as Conform types a zod submission: the form's fields are the schema's input.
  return submission as Submission<z.input<Schema>, string[], z.output<Schema>>;
}

function withoutEmptyFields(value: unknown): unknown {
  if (value === "") return undefined;
  if (Array.isArray(value)) return value.map(withoutEmptyFields);
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutEmptyFields(item)]));
  }
  return value;
}

/** A field's name as Conform writes it: `email`, `guests[0].name`; the form itself is "". */
function fieldName(path: readonly PropertyKey[]) {
  return path.reduce<string>(
    (name, key) =>
      typeof key === "number" ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key),
    "",
  );
}
