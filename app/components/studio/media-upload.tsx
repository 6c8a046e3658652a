import { useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { buttonVariants } from "#app/components/ui/button.tsx";

type UploadState =
  | { step: "idle" }
  | { step: "sending"; percent: number }
  | { step: "checking" }
  | { step: "done"; message: string }
  | { step: "refused"; message: string };

const ACCEPT = {
  recording: ".mp3,.m4a,.wav,audio/mpeg,audio/mp4,audio/x-m4a,audio/wav,audio/x-wav",
  guide: ".pdf,application/pdf",
} as const;

/**
 * "Replace recording" or "Replace guide": she picks a file, and it goes up
 * with its progress shown (a plain form can't show that, so this is the
 * page's one script of its own). The server checks it by its content and
 * stores it as a new version, which the page then lists, ready to publish.
 */
export function MediaUpload({
  kind,
  id,
  title,
  maxMb,
}: {
  kind: "recording" | "guide";
  id: string;
  title: string;
  maxMb: number;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<UploadState>({ step: "idle" });
  const revalidator = useRevalidator();
  const label = kind === "recording" ? "Replace recording" : "Replace guide";

  function send(file: File) {
    if (file.size > maxMb * 1024 * 1024) {
      setState({
        step: "refused",
        message: `That file is larger than ${maxMb} MB, the most the studio takes.`,
      });
      return;
    }
    const request = new XMLHttpRequest();
    request.open("POST", `/studio/media/${kind}/${encodeURIComponent(id)}`);
    request.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      const percent = Math.floor((event.loaded / event.total) * 100);
      setState(percent >= 100 ? { step: "checking" } : { step: "sending", percent });
    };
    request.upload.onload = () => setState({ step: "checking" });
    request.onload = () => {
      const answer = (request.response ?? {}) as { message?: string; error?: string; check?: string };
      if (answer.check) return window.location.assign(answer.check);
      if (request.status === 200 && answer.message) {
        setState({ step: "done", message: answer.message });
        void revalidator.revalidate();
      } else {
        setState({
          step: "refused",
          message: answer.error ?? "The upload was refused. Nothing was changed.",
        });
      }
    };
    request.onerror = () =>
      setState({
        step: "refused",
        message: "The upload was cut off. Nothing was changed; please try again.",
      });
    setState({ step: "sending", percent: 0 });
    request.send(file);
  }

  const busy = state.step === "sending" || state.step === "checking";
  return (
    <div className="grid gap-1">
      <label
        htmlFor={inputId}
        className={buttonVariants({
          variant: "outline",
          size: "sm",
          className: busy ? "opacity-60" : "cursor-pointer",
        })}
      >
        {label}
        <span className="sr-only">: {title}</span>
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={ACCEPT[kind]}
        disabled={busy}
        className="sr-only"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) send(file);
          event.currentTarget.value = "";
        }}
      />
      <div role="status" aria-live="polite" className="text-sm">
        {state.step === "sending" && (
          <>
            <progress max={100} value={state.percent} aria-label={`Uploading ${title}`} className="w-full" />
            <span>Uploading… {state.percent}%</span>
          </>
        )}
        {state.step === "checking" && <span>Uploaded; checking the file…</span>}
        {state.step === "done" && <span>{state.message}</span>}
        {state.step === "refused" && <span className="font-medium text-danger">{state.message}</span>}
      </div>
    </div>
  );
}
