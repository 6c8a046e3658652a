import { Share2 } from "#app/components/ui/icons.tsx";
import { useEffect, useState } from "react";
import { toast } from "#app/components/ui/toaster.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { programmeMessages } from "#app/modules/program/messages.ts";
import { useProgrammeAction } from "./use-programme-action.ts";

/**
 * Makes a fresh read-only link for the birth partner (replacing any older one)
 * and puts it on the clipboard; if the browser won't allow that, shows it to copy.
 */
export function ShareLinkButton({ label, action }: { label: string; action?: string }) {
  const share = useProgrammeAction(action);
  const [fallback, setFallback] = useState<string | null>(null);
  const url = share.result?.shareUrl;
  useEffect(() => {
    if (!url) return;
    navigator.clipboard
      .writeText(url)
      .then(() =>
        toast.success(programmeMessages.shareCopied, { description: programmeMessages.shareDescription }),
      )
      .catch(() => setFallback(url));
  }, [url]);
  useEffect(() => {
    if (share.result?.intent === "create-share-link" && !share.result.ok)
      toast.error(programmeMessages.failedShare);
  }, [share.result]);
  return (
    <div>
      <share.fetcher.Form method="post" action={action}>
        <input type="hidden" name="intent" value="create-share-link" />
        <Button type="submit" variant="outline" disabled={share.pending}>
          <Share2 aria-hidden="true" /> {label}
        </Button>
      </share.fetcher.Form>
      {fallback ? (
        <label className="mt-2 block text-sm text-ink-soft">
          Copy this link for your partner:
          <input
            readOnly
            value={fallback}
            className="mt-1 block w-full rounded-xl border border-line bg-white px-3 py-2 text-ink"
          />
        </label>
      ) : null}
    </div>
  );
}
