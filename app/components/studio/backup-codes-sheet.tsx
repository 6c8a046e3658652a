import { useState } from "react";
import { useHydrated } from "#app/components/program/browser.ts";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { backupCodesText, type ShownBackupCodes } from "#app/modules/studio/backup-codes.ts";

/**
 * Her backup codes, shown once: selectable text, a file to download (made from
 * the page itself, as a data: link, so it works without JavaScript and no server
 * keeps or caches it), a copy button and a print button once the page runs.
 * Printed, the page is these codes alone (app.css, `data-print-codes`).
 */
export function BackupCodesSheet({ shown }: { shown: ShownBackupCodes }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<string>("");
  const text = backupCodesText(shown.codes, shown);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("Copied. Paste them into your password manager, or a note you keep safe.");
    } catch {
      setCopied("Your browser didn't let the page copy them: select the codes and copy them instead.");
    }
  }

  return (
    <div data-print-codes className="mt-3 grid gap-4">
      <div className="hidden print:block">
        <p className="text-2xl font-semibold">Tidewell Studio backup codes</p>
        <p className="mt-1">
          For {shown.account}, made on {shown.madeOn}. Each code works once, when you can't use your
          authenticator app.
        </p>
      </div>
      <ol
        aria-label="Backup codes"
        className="grid grid-cols-1 gap-2 font-mono text-lg tracking-wider text-ink min-[22.5rem]:grid-cols-2 print:grid-cols-2 print:text-black"
      >
        {shown.codes.map((code) => (
          <li
            key={code}
            className="rounded-lg bg-sand px-3 py-1.5 select-all print:border print:border-black/40"
          >
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        {hydrated ? (
          <Button type="button" variant="outline" size="sm" onClick={copy}>
            Copy Codes
          </Button>
        ) : null}
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="tidewell-studio-backup-codes.txt"
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          Download as a Text File
        </a>
        {hydrated ? (
          <Button type="button" variant="outline" size="sm" onClick={() => window.print()}>
            Print Codes
          </Button>
        ) : (
          <p className="text-sm text-ink-soft">To print them, use your browser's Print command.</p>
        )}
      </div>
      <p role="status" className="text-sm text-ink-soft print:hidden">
        {copied}
      </p>
    </div>
  );
}

/** Her word that the codes are kept: the form it sits in goes on only once it is ticked. */
export function SavedCodesBox({ onChange }: { onChange?: (saved: boolean) => void }) {
  return (
    <label className="flex min-h-11 items-center gap-3 font-medium text-ink">
      <input
        type="checkbox"
        name="saved"
        value="yes"
        required
        className="tick-box"
        onChange={(event) => onChange?.(event.currentTarget.checked)}
      />
      I have saved my backup codes
    </label>
  );
}
