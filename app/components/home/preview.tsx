import { AudioPreview } from "#app/components/audio-preview.tsx";

/** The landing page's preview: a taste of the audio course, with its length and transcript. */
export function Preview({
  durationLabel,
  transcript,
}: {
  durationLabel: string | null;
  transcript: string[];
}) {
  return (
    <section aria-labelledby="preview-heading" className="container-page">
      <h2 id="preview-heading" className="sr-only">
        Audio course preview
      </h2>
      <div className="mx-auto max-w-2xl">
        <AudioPreview src="/audio/preview.mp3" durationLabel={durationLabel} transcript={transcript} />
      </div>
    </section>
  );
}
