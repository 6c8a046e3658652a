import fs from "node:fs";
import { PassThrough } from "node:stream";
import type * as MusicMetadata from "music-metadata";
import type * as PdfLib from "pdf-lib";
import type { VersionExtension } from "./version-keys.ts";

// Both readers are large and load only when a file is first checked, as facts.server.ts does.
let musicMetadata: Promise<typeof MusicMetadata> | undefined;
const loadMusicMetadata = () => (musicMetadata ??= import("music-metadata"));
let pdfLib: Promise<typeof PdfLib> | undefined;
const loadPdfLib = () => (pdfLib ??= import("pdf-lib"));

/**
 * An upload checked by what is in it, never by its name (decision 0031): a
 * recording must be MP3, M4A or WAV audio with a length; a guide a PDF whose
 * pages can be counted. The extension it is stored under is the one its
 * content says.
 */
export type CheckedUpload =
  | { ok: true; extension: VersionExtension; seconds: number | null; pages: number | null }
  | { ok: false; message: string };

export const CHECK_MESSAGES = {
  notAudio:
    "That file isn't a recording we can play: it holds no MP3, M4A or WAV audio, whatever its name says. Nothing was changed.",
  noLength: "We couldn't read how long that recording is, so it may be damaged. Nothing was changed.",
  notPdf: "That file isn't a PDF, whatever its name says. Nothing was changed.",
  unreadablePdf: "We couldn't read the pages of that PDF, so it may be damaged. Nothing was changed.",
} as const;

/** Which of the formats browsers play a parsed file is, by its container and codec. */
export function audioFormat(
  container: string | undefined,
  codec: string | undefined,
): VersionExtension | null {
  const c = container ?? "";
  if (c === "MPEG" && /layer 3/i.test(codec ?? "")) return ".mp3";
  if (/^(M4A|mp4|isom|iso\d|mp4[12])\b/i.test(c) && /AAC|ALAC|MPEG-4/i.test(codec ?? "")) return ".m4a";
  if (c === "WAVE") return ".wav";
  return null;
}

/** Reads the recording at `file` (streamed from disk, never whole): its format and real length. */
export async function checkRecording(file: string): Promise<CheckedUpload> {
  const { parseStream } = await loadMusicMetadata();
  let format;
  const stream = fs.createReadStream(file);
  try {
    // No name and no type given (a file stream would tell its path): the parser goes by the bytes alone.
    const { size } = await fs.promises.stat(file);
    const bytes = stream.pipe(new PassThrough());
    ({ format } = await parseStream(bytes, { size }, { duration: true, skipCovers: true }));
  } catch {
    return { ok: false, message: CHECK_MESSAGES.notAudio };
  } finally {
    stream.destroy();
  }
  const extension = audioFormat(format.container, format.codec);
  if (!extension) return { ok: false, message: CHECK_MESSAGES.notAudio };
  const seconds = format.duration;
  if (!seconds || !Number.isFinite(seconds) || seconds <= 0)
    return { ok: false, message: CHECK_MESSAGES.noLength };
  return { ok: true, extension, seconds, pages: null };
}

/** Reads the guide at `file`: a PDF by its first bytes, and its pages counted. */
export async function checkGuide(file: string): Promise<CheckedUpload> {
  const handle = await fs.promises.open(file);
  const head = Buffer.alloc(5);
  try {
    await handle.read(head, 0, 5, 0);
  } finally {
    await handle.close();
  }
  if (head.toString("latin1") !== "%PDF-") return { ok: false, message: CHECK_MESSAGES.notPdf };
  const { PDFDocument } = await loadPdfLib();
  try {
    // pdf-lib reads a document whole: a guide is small, and the upload limit bounds it.
    const pages = (
      await PDFDocument.load(await fs.promises.readFile(file), { updateMetadata: false })
    ).getPageCount();
    if (pages < 1) return { ok: false, message: CHECK_MESSAGES.unreadablePdf };
    return { ok: true, extension: ".pdf", seconds: null, pages };
  } catch {
    return { ok: false, message: CHECK_MESSAGES.unreadablePdf };
  }
}
