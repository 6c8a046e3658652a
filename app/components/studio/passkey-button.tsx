import { useState } from "react";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";

/**
 * Adds a passkey, or gives one as the studio's second factor: the browser's
 * WebAuthn ceremony between two posts to /studio/passkey. The WebAuthn
 * library loads with the first press, so no page carries it otherwise.
 */
export function PasskeyButton({
  mode,
  next = "/studio",
  name,
  label,
}: {
  mode: "add" | "check";
  next?: string;
  /** For a new passkey: what she calls it. */
  name?: () => string;
  label: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run() {
    setBusy(true);
    setError(null);
    try {
      const post = async (fields: Record<string, string>) => {
        const answer = await fetch("/studio/passkey", { method: "POST", body: new URLSearchParams(fields) });
        const body = (await answer.json().catch(() => ({}))) as {
          options?: unknown;
          next?: string;
          error?: string;
          check?: string;
        };
        if (body.check) window.location.assign(body.check);
        if (!answer.ok) throw new Error(body.error ?? "Something went wrong. Please try again.");
        return body;
      };
      const webauthn = await import("@simplewebauthn/browser");
      if (mode === "add") {
        const { options } = await post({ intent: "registration-options" });
        const response = await webauthn.startRegistration({ optionsJSON: options as never });
        const done = await post({
          intent: "register",
          response: JSON.stringify(response),
          name: name?.() ?? "",
        });
        window.location.assign(done.next ?? "/studio/security");
      } else {
        const { options } = await post({ intent: "authentication-options" });
        const response = await webauthn.startAuthentication({ optionsJSON: options as never });
        const done = await post({ intent: "authenticate", response: JSON.stringify(response), next });
        window.location.assign(done.next ?? "/studio");
      }
    } catch (problem) {
      // The browser's own refusal (cancelled, timed out) says so in its words; ours are already ours.
      setError(problem instanceof Error ? problem.message : "The passkey didn't work. Please try again.");
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-3">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="button" variant="outline" disabled={busy} onClick={run} className="justify-self-start">
        {label}
      </Button>
    </div>
  );
}
