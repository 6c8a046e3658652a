import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { AwsClient } from "aws4fetch";
import type { Env } from "#app/platform/env.server.ts";
import {
  BUCKETS,
  contentTypeFor,
  isSafeKey,
  KeyTakenError,
  MEDIA_EXTENSIONS,
  type Bucket,
  type MediaStorage,
  type ObjectInfo,
} from "./storage.server.ts";

/**
 * Media on S3-compatible object storage (AWS S3, Cloudflare R2, MinIO, …),
 * with SigV4 signing by aws4fetch. One bucket holds both of the media's buckets
 * as key prefixes: `audio/<key>` and `pdfs/<key>`.
 *
 * Relative imports only: scripts/media-upload.ts runs this file in plain Node.
 */
export interface S3StorageOptions {
  /** The service's origin, e.g. https://s3.eu-west-1.amazonaws.com. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * `<endpoint>/<bucket>/<prefix>/<key>` (the default, which every
   * S3-compatible service accepts); false for `<bucket>.<endpoint host>/…`.
   */
  forcePathStyle?: boolean;
  /** How long a call may wait for its answer; 10 s unless a test needs less. */
  timeoutMs?: number;
  /**
   * A write larger than this goes up in parts of this size (S3's multipart
   * upload), each read into memory in turn; one no larger goes in one PUT.
   * 8 MiB unless a test needs less (S3 wants at least 5 MiB but for the last).
   */
  partBytes?: number;
}

export interface S3Storage extends MediaStorage {
  kind: "s3";
  presignedUrl(bucket: Bucket, key: string, expiresInSeconds: number): Promise<string>;
  /** Puts or replaces an object. Only the upload script writes. */
  put(bucket: Bucket, key: string, body: Uint8Array<ArrayBuffer>): Promise<void>;
}

/** Every call must get its answer (status and headers) within this time. */
const TIMEOUT_MS = 10_000;
/** An upload's answer comes after the whole file is sent: a full recording can take minutes. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;
/** The size of each part of a multipart upload (and the largest single PUT a write makes). */
const PART_BYTES = 8 * 1024 * 1024;
/** The longest a SigV4 presigned URL may live: one week. */
const MAX_PRESIGNED_SECONDS = 604_800;

export function createS3Storage(options: S3StorageOptions): S3Storage {
  const { region, accessKeyId, secretAccessKey } = options;
  // Service and region are given, not guessed from the host (which says nothing
  // for R2 or MinIO). Retries are for 5xx and 429 only, and stay within the timeout.
  const client = new AwsClient({ accessKeyId, secretAccessKey, service: "s3", region, retries: 2 });
  const endpoint = options.endpoint.replace(/\/+$/, "");
  const partBytes = options.partBytes ?? PART_BYTES;
  const bucketUrl =
    options.forcePathStyle === false
      ? endpoint.replace("://", `://${options.bucket}.`)
      : `${endpoint}/${options.bucket}`;

  function objectUrl(bucket: Bucket, key: string): URL {
    if (!isSafeKey(key)) throw new Error(`unsafe media key ${JSON.stringify(key)}`);
    return new URL(`${bucketUrl}/${bucket}/${key}`);
  }

  /**
   * A signed request that gives up when no answer comes within `timeoutMs`.
   * The body then flows at the reader's pace: a listener on a slow phone may
   * take minutes over one range, so the timer stops at the headers.
   */
  async function send(
    method: "HEAD" | "GET" | "PUT" | "POST" | "DELETE",
    bucket: Bucket,
    key: string,
    init: {
      headers?: Record<string, string>;
      body?: Uint8Array<ArrayBuffer> | string;
      timeoutMs?: number;
      query?: Record<string, string>;
    } = {},
  ): Promise<Response> {
    const url = objectUrl(bucket, key);
    for (const [name, value] of Object.entries(init.query ?? {})) url.searchParams.set(name, value);
    const timeoutMs = init.timeoutMs ?? options.timeoutMs ?? TIMEOUT_MS;
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new Error(`no answer in ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    try {
      return await client.fetch(url, {
        method,
        headers: init.headers,
        body: init.body,
        signal: controller.signal,
      });
    } catch (error) {
      const cause = (error as Error).cause as Error | undefined;
      const reason = [(error as Error).message, cause?.message].filter(Boolean).join(": ");
      throw new Error(`S3 ${method} ${bucket}/${key} failed: ${reason}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  /** An error naming the call and S3's error code (AccessDenied, NoSuchBucket, …). */
  async function failure(method: string, bucket: Bucket, key: string, response: Response) {
    const text = await response.text().catch(() => "");
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
    return new Error(`S3 ${method} ${bucket}/${key} answered ${response.status}${code ? ` ${code}` : ""}`);
  }

  async function* body(bucket: Bucket, key: string, range?: { start: number; end: number }) {
    const headers: Record<string, string> = range ? { Range: `bytes=${range.start}-${range.end}` } : {};
    const response = await send("GET", bucket, key, { headers });
    if (!response.ok || !response.body) throw await failure("GET", bucket, key, response);
    // Destroying the stream (the listener went away) cancels the download at its next chunk.
    if (!range) return yield* response.body;

    // A service that ignored the Range, or answered another one, would put the wrong bytes under our 206.
    const from = /^bytes (\d+)-/.exec(response.headers.get("content-range") ?? "")?.[1];
    if (response.status !== 206 || Number(from) !== range.start) {
      await response.body.cancel();
      throw new Error(`S3 GET ${bucket}/${key} did not answer the range ${range.start}-${range.end}`);
    }
    // No more than asked for: the caller has already sent the length (and s3rver
    // answers `bytes=0-0` with the whole object).
    let remaining = range.end - range.start + 1;
    for await (const chunk of response.body) {
      yield chunk.subarray(0, remaining);
      remaining -= chunk.length;
      if (remaining <= 0) return;
    }
  }

  return {
    kind: "s3",

    async info(bucket, key) {
      if (!isSafeKey(key)) return null;
      const response = await send("HEAD", bucket, key);
      if (response.status === 404) return null;
      if (!response.ok) throw await failure("HEAD", bucket, key, response);
      return objectInfo(key, response.headers);
    },

    async read(bucket, key) {
      const response = await send("GET", bucket, key);
      if (!response.ok) throw await failure("GET", bucket, key, response);
      return Buffer.from(await response.arrayBuffer());
    },

    stream(bucket, key, range) {
      objectUrl(bucket, key); // refuses an unsafe key at once, as the files backend does
      return Readable.from(body(bucket, key, range), { objectMode: false });
    },

    async presignedUrl(bucket, key, expiresInSeconds) {
      if (
        !Number.isInteger(expiresInSeconds) ||
        expiresInSeconds < 1 ||
        expiresInSeconds > MAX_PRESIGNED_SECONDS
      ) {
        throw new RangeError(
          `a presigned URL lives 1 to ${MAX_PRESIGNED_SECONDS} s, not ${expiresInSeconds}`,
        );
      }
      const url = objectUrl(bucket, key);
      url.searchParams.set("X-Amz-Expires", String(expiresInSeconds));
      const signed = await client.sign(url, { method: "GET", aws: { signQuery: true } });
      return signed.url;
    },

    async put(bucket, key, bytes) {
      const response = await send("PUT", bucket, key, {
        headers: { "Content-Type": contentTypeFor(key) },
        body: bytes,
        timeoutMs: UPLOAD_TIMEOUT_MS,
      });
      if (!response.ok) throw await failure("PUT", bucket, key, response);
      await response.arrayBuffer(); // frees the connection
    },

    async write(bucket, key, body, size) {
      if (await this.info(bucket, key)) throw new KeyTakenError(bucket, key);
      const parts = inParts(body, partBytes);
      if (size <= partBytes) {
        const first = await parts.next();
        const bytes = first.done ? new Uint8Array(0) : first.value;
        if (bytes.length !== size)
          throw new Error(`${bucket}/${key}: ${bytes.length} bytes came, not ${size}`);
        return this.put(bucket, key, bytes);
      }
      await multipartUpload(bucket, key, parts, size);
    },
  };

  /**
   * A multipart upload: started, sent part by part, completed; aborted (so S3
   * keeps no parts) when anything fails, the source included.
   */
  async function multipartUpload(
    bucket: Bucket,
    key: string,
    parts: AsyncGenerator<Uint8Array<ArrayBuffer>>,
    size: number,
  ) {
    const started = await send("POST", bucket, key, {
      query: { uploads: "" },
      headers: { "Content-Type": contentTypeFor(key) },
    });
    const startText = await started.text();
    const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(startText)?.[1];
    if (!started.ok || !uploadId)
      throw new Error(`S3 POST ${bucket}/${key}?uploads answered ${started.status}`);
    try {
      const etags: string[] = [];
      let sent = 0;
      for await (const part of parts) {
        const partNumber = String(etags.length + 1);
        const response = await send("PUT", bucket, key, {
          query: { partNumber, uploadId },
          body: part,
          timeoutMs: UPLOAD_TIMEOUT_MS,
        });
        if (!response.ok) throw await failure("PUT part", bucket, key, response);
        await response.arrayBuffer();
        etags.push(response.headers.get("etag") ?? "");
        sent += part.length;
      }
      if (sent !== size) throw new Error(`${bucket}/${key}: ${sent} bytes came, not ${size}`);
      const xml = `<CompleteMultipartUpload>${etags
        .map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${escapeXml(etag)}</ETag></Part>`)
        .join("")}</CompleteMultipartUpload>`;
      const done = await send("POST", bucket, key, {
        query: { uploadId },
        body: xml,
        headers: { "Content-Type": "application/xml" },
        timeoutMs: UPLOAD_TIMEOUT_MS,
      });
      // S3 may answer 200 and still fail, in the body.
      const doneText = await done.text();
      if (!done.ok || doneText.includes("<Error>")) {
        throw new Error(`S3 POST ${bucket}/${key}?uploadId answered ${done.status}`);
      }
    } catch (error) {
      await send("DELETE", bucket, key, { query: { uploadId } })
        .then((response) => response.arrayBuffer())
        .catch(() => {});
      throw error;
    }
  }
}

/** The stream in pieces of `size` bytes (the last one shorter), one in memory at a time. */
async function* inParts(body: AsyncIterable<Uint8Array | string>, size: number) {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk);
    pending.push(bytes);
    length += bytes.length;
    while (length >= size) {
      const whole = Buffer.concat(pending);
      yield new Uint8Array(whole.subarray(0, size));
      pending = [whole.subarray(size)];
      length -= size;
    }
  }
  if (length > 0) yield new Uint8Array(Buffer.concat(pending));
}

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function objectInfo(key: string, headers: Headers): ObjectInfo {
  const size = Number(headers.get("content-length") ?? NaN);
  if (!Number.isSafeInteger(size)) throw new Error(`S3 HEAD ${key} answered without a Content-Length`);
  const modifiedAt = new Date(headers.get("last-modified") ?? 0);
  const type = headers.get("content-type");
  return {
    size,
    modifiedAt,
    // S3's ETag comes quoted and changes with the object; a service without one gets one from size and date.
    etag: headers.get("etag") ?? `"${size}-${modifiedAt.getTime()}"`,
    // An object uploaded without a type reads as octet-stream: its name knows better.
    contentType: type && !type.includes("octet-stream") ? type : contentTypeFor(key),
  };
}

/**
 * The S3 settings, or null when media stays in DATA_DIR. The env schema makes
 * bucket, region and keys go together; the endpoint defaults to AWS's.
 */
export function s3OptionsFromEnv(
  env: Pick<Env, "S3_ENDPOINT" | "S3_REGION" | "S3_BUCKET" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY">,
): S3StorageOptions | null {
  const { S3_REGION: region, S3_BUCKET: bucket } = env;
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!bucket || !region || !accessKeyId || !secretAccessKey) return null;
  const endpoint = env.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`;
  return { endpoint, region, bucket, accessKeyId, secretAccessKey };
}

/** Which files of content/<bucket> are media. */

export interface UploadResult {
  bucket: Bucket;
  key: string;
  size: number;
  action: "uploaded" | "replaced" | "kept";
}

/**
 * Puts content/audio/*.mp3 and content/pdfs/*.pdf into the bucket (the S3
 * counterpart of seeding DATA_DIR). An object already there, a real recording
 * say, is kept unless `force`.
 */
export async function uploadMediaFromContent(
  storage: S3Storage,
  contentDir: string,
  { force = false, onResult }: { force?: boolean; onResult?: (result: UploadResult) => void } = {},
): Promise<UploadResult[]> {
  const results: UploadResult[] = [];
  for (const bucket of BUCKETS) {
    const dir = path.join(contentDir, bucket);
    const keys = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((name) => name.endsWith(MEDIA_EXTENSIONS[bucket]) && isSafeKey(name))
          .sort()
      : [];
    for (const key of keys) {
      const file = path.join(dir, key);
      const existing = await storage.info(bucket, key);
      let action: UploadResult["action"] = "kept";
      if (!existing || force) {
        await storage.put(bucket, key, await fs.promises.readFile(file));
        action = existing ? "replaced" : "uploaded";
      }
      const result = { bucket, key, size: fs.statSync(file).size, action };
      results.push(result);
      onResult?.(result);
    }
  }
  return results;
}
