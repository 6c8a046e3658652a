import { useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { priceCode } from "./api.ts";
import { useGiftPurpose } from "./gift-purpose.ts";

/** A code the server has priced: what she typed, the new price, and how much it takes off. */
export interface AppliedCode {
  code: string;
  price: string;
  saving: string;
}

/**
 * "Have a code?": a code she types is priced by the server before she pays; a
 * code that gives nothing is refused in plain words and changes nothing. Once
 * applied, it can be taken off again.
 */
export function OfferCode({
  applied,
  onChange,
  disabled,
}: {
  applied: AppliedCode | null;
  onChange: (applied: AppliedCode | null) => void;
  disabled: boolean;
}) {
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const forGift = useGiftPurpose() !== null;

  if (applied) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line px-4 py-3">
        <p role="status">
          <span className="font-mono font-semibold">{applied.code}</span>: {applied.saving}
        </p>
        <Button type="button" variant="link" size="sm" disabled={disabled} onClick={() => onChange(null)}>
          Remove code
        </Button>
      </div>
    );
  }

  const apply = async () => {
    const code = typed.trim();
    if (!code) return setError("Please enter the code you were given.");
    setChecking(true);
    setError(null);
    try {
      const priced = await priceCode(code, forGift);
      onChange({ code: code.toUpperCase(), ...priced });
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setChecking(false);
    }
  };

  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      <Field id="offer-code" label="Have a code?" errors={error ? [error] : undefined}>
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              name="code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={48}
              value={typed}
              disabled={disabled}
              onChange={(event) => setTyped(event.currentTarget.value)}
            />
            <Button type="submit" variant="outline" disabled={disabled || checking}>
              Apply
            </Button>
          </div>
        )}
      </Field>
    </form>
  );
}
