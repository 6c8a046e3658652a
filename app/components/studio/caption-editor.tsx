import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Textarea } from "#app/components/ui/input.tsx";
import type { CaptionEditor } from "#app/modules/studio/captions.server.ts";
import { CUE_TEXT_MAX, cueTime } from "#app/modules/transcripts/caption-edits.ts";
import { useStudioTime } from "./studio-clock.tsx";
import { STUDIO_LINK } from "./studio-table.tsx";

/**
 * A session's captions, cue by cue: each cue's words in a box she can fix,
 * with a button that plays just that stretch of the recording; then a draft
 * saved or the captions published. Below, a whole .vtt file to upload instead.
 * The words she has typed but not saved are kept in this tab, so a second
 * factor asked for again on the way does not lose them.
 */
export function CaptionEditorPage({
  editor,
  error,
  problems,
  busy,
}: {
  editor: CaptionEditor;
  error: string | null;
  problems: string[];
  busy: boolean;
}) {
  const { session } = editor;
  return (
    <section aria-labelledby="captions-heading" className="max-w-3xl">
      <p>
        <Link to="/studio/content" className={STUDIO_LINK}>
          Back to content
        </Link>
      </p>
      <h1 id="captions-heading" className="text-3xl font-semibold">
        Captions: {session.title}
      </h1>
      <Standing editor={editor} />
      {error ? (
        <Alert tone="error" className="mt-5">
          <p>{error}</p>
          {problems.length > 0 ? (
            <ul className="mt-2 grid list-disc gap-1 pl-5">
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      {editor.cues ? (
        <CueForm key={editor.after} editor={editor} cues={editor.cues} busy={busy} />
      ) : (
        <p className="mt-6">This session has no captions yet: upload a .vtt file to give it some.</p>
      )}
      <UploadForm busy={busy} />
    </section>
  );
}

function Standing({ editor }: { editor: CaptionEditor }) {
  const when = useStudioTime();
  const words = {
    bundled: "Members read the captions that came with the site. Nothing has been changed here yet.",
    published: `Members read these captions, published ${when(editor.savedAt)}.`,
    draft: `This is your draft, saved ${when(editor.savedAt)}. Members still read the published captions until you publish it.`,
  };
  return <p className="mt-2 text-ink-soft">{words[editor.standing]}</p>;
}

const storageKey = (sessionId: string, after: number) => `tidewell-captions:${sessionId}:${after}`;

function CueForm({
  editor,
  cues,
  busy,
}: {
  editor: CaptionEditor;
  cues: NonNullable<CaptionEditor["cues"]>;
  busy: boolean;
}) {
  const key = storageKey(editor.session.id, editor.after);
  const form = useRef<HTMLFormElement>(null);
  const player = useCuePlayer(editor.session.id);
  const boxes = () => [
    ...(form.current?.querySelectorAll<HTMLTextAreaElement>('textarea[name="text"]') ?? []),
  ];
  // Her unsaved words come back after the second factor's page; words kept for an older revision don't.
  useEffect(() => {
    try {
      const kept: unknown = JSON.parse(sessionStorage.getItem(key) ?? "null");
      const shown = boxes();
      if (Array.isArray(kept) && kept.length === shown.length) {
        shown.forEach((box, index) => (box.value = String(kept[index])));
      }
      for (const stored of Object.keys(sessionStorage)) {
        if (stored.startsWith(`tidewell-captions:${editor.session.id}:`) && stored !== key) {
          sessionStorage.removeItem(stored);
        }
      }
    } catch {
      // Storage may be off: the page works without it.
    }
  }, [key, editor.session.id]);
  const keep = () => {
    try {
      sessionStorage.setItem(key, JSON.stringify(boxes().map((box) => box.value)));
    } catch {
      // As above.
    }
  };
  return (
    <Form method="post" ref={form} onInput={keep} className="mt-6">
      <input type="hidden" name="after" value={editor.after} />
      <p id="cue-hint" className="text-sm text-ink-soft">
        Each cue keeps its time; only its words change. A cue must say something.
      </p>
      <ol aria-label="Cues" className="mt-4 grid gap-4">
        {cues.map((cue, index) => {
          const id = `cue-${index + 1}`;
          const playing = player.playing === index;
          return (
            <li key={id} className="rounded-2xl border border-ink/10 bg-white p-4">
              <label htmlFor={id} className="font-medium text-ink">
                Cue {index + 1}{" "}
                <span className="font-normal text-ink-soft">
                  ({cueTime(cue.start)} to {cueTime(cue.end)})
                </span>
              </label>
              <Textarea
                id={id}
                name="text"
                rows={2}
                required
                maxLength={CUE_TEXT_MAX}
                aria-describedby="cue-hint"
                defaultValue={cue.text}
                // Scrolled into view above the sticky buttons, never under them.
                className="mt-2 scroll-mb-24"
              />
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="mt-2 scroll-mb-24"
                aria-label={`${playing ? "Stop" : "Play this cue"} (cue ${index + 1})`}
                onClick={() => (playing ? player.stop() : player.play(index, cue.start, cue.end))}
              >
                {playing ? "Stop" : "Play this cue"}
              </Button>
            </li>
          );
        })}
      </ol>
      <p role="status" className="mt-3 min-h-6 text-sm text-ink-soft">
        {player.message}
      </p>
      {/* Kept in view at the screen's foot while she works down a long recording's cues. */}
      <div
        role="group"
        aria-label="Save or publish"
        data-form-actions=""
        className="sticky bottom-0 mt-4 flex flex-wrap gap-3 border-t border-ink/10 bg-cream py-3"
      >
        <Button type="submit" name="intent" value="save-draft" variant="outline" disabled={busy}>
          Save draft
        </Button>
        <Button type="submit" name="intent" value="publish" disabled={busy}>
          Publish
        </Button>
      </div>
    </Form>
  );
}

function UploadForm({ busy }: { busy: boolean }) {
  return (
    <Form method="post" encType="multipart/form-data" className="mt-10 grid max-w-xl gap-3">
      <h2 className="text-xl font-semibold">Upload a caption file</h2>
      <p className="text-ink-soft">
        A WebVTT (.vtt) file for this recording replaces every cue above. It is checked first, as the site
        checks its own: if anything is wrong you are told the line, and nothing changes. It is kept as a draft
        for you to publish.
      </p>
      <input type="hidden" name="intent" value="upload" />
      <label htmlFor="caption-file" className="font-medium text-ink">
        Caption file (.vtt)
      </label>
      {/*
       * Its own width (a button and "No file chosen", in her browser's words) can be wider than a phone.
       * Its button is drawn as the page's outline buttons are: unstyled, it reads as plain words.
       */}
      <input
        id="caption-file"
        type="file"
        name="file"
        accept=".vtt,text/vtt"
        required
        className="min-h-11 w-full min-w-0 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-full file:border file:border-ink/25 file:px-4 file:text-sm file:font-medium file:text-ink hover:file:border-ink/50 hover:file:bg-sand"
      />
      <div>
        <Button type="submit" variant="outline" disabled={busy}>
          Upload
        </Button>
      </div>
    </Form>
  );
}

/**
 * Plays one cue's stretch of the session's recording, through the same signed
 * address the player asks for, and stops at its end.
 */
function useCuePlayer(sessionId: string) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const signed = useRef<{ url: string; until: number } | null>(null);
  const frame = useRef(0);
  const [playing, setPlaying] = useState<number | null>(null);
  const [message, setMessage] = useState("");
  useEffect(
    () => () => {
      cancelAnimationFrame(frame.current);
      audio.current?.pause();
    },
    [],
  );
  const stop = () => {
    cancelAnimationFrame(frame.current);
    audio.current?.pause();
    setPlaying(null);
    setMessage("");
  };
  const play = async (index: number, start: number, end: number) => {
    cancelAnimationFrame(frame.current);
    const element = (audio.current ??= new Audio());
    element.pause();
    setPlaying(index);
    setMessage(`Playing cue ${index + 1}…`);
    try {
      if (!signed.current || signed.current.until < Date.now()) {
        const response = await fetch(`/api/audio/${encodeURIComponent(sessionId)}/signed-url`, {
          method: "POST",
        });
        const body = (await response.json()) as { url?: string; expiresAt?: string; error?: string };
        if (!response.ok || !body.url) throw new Error(body.error ?? "The recording could not be reached.");
        signed.current = { url: body.url, until: Date.parse(body.expiresAt ?? "") - 60_000 };
        element.src = body.url;
      }
      if (element.readyState < HTMLMediaElement.HAVE_METADATA) {
        await new Promise((resolve, reject) => {
          element.addEventListener("loadedmetadata", resolve, { once: true });
          element.addEventListener("error", () => reject(new Error("The recording could not be played.")), {
            once: true,
          });
          element.load();
        });
      }
      element.currentTime = start;
      await element.play();
      const watch = () => {
        if (element.currentTime >= end || element.ended) {
          element.pause();
          setPlaying(null);
          setMessage(`Cue ${index + 1} played.`);
        } else frame.current = requestAnimationFrame(watch);
      };
      frame.current = requestAnimationFrame(watch);
    } catch (failure) {
      setPlaying(null);
      setMessage(failure instanceof Error ? failure.message : "The recording could not be played.");
    }
  };
  return {
    playing,
    message,
    play: (index: number, start: number, end: number) => void play(index, start, end),
    stop,
  };
}
