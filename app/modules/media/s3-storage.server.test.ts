import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { AwsClient } from "aws4fetch";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv } from "#app/platform/env.server.ts";
import { createMediaFacts } from "./facts.server.ts";
import {
  createS3Storage,
  s3OptionsFromEnv,
  uploadMediaFromContent,
  type S3Storage,
  type S3StorageOptions,
} from "./s3-storage.server.ts";
import { serveMedia } from "./serve.server.ts";
import { KeyTakenError } from "./storage.server.ts";

/** s3rver ships no types: the little of it these tests use. */
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)("s3rver") as new (options: object) => S3rverServer;

const PREVIEW = fs.readFileSync(path.resolve("content/audio/preview.mp3"));
const CHECKLIST = fs.readFileSync(path.resolve("content/pdfs/hospital-bag-checklist.pdf"));
const md5 = (bytes: Buffer) => crypto.createHash("md5").update(bytes).digest("hex");

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** A plain HTTP server for the failure cases s3rver cannot play. */
async function startServer(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe("media storage on S3 (against s3rver)", () => {
  let directory: string;
  let server: S3rverServer;
  let options: S3StorageOptions;
  let storage: S3Storage;

  beforeAll(async () => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-s3-"));
    server = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory,
      configureBuckets: [{ name: "tidewell-media" }, { name: "upload-test" }, { name: "script-test" }],
    });
    const { port } = await server.run();
    options = {
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      bucket: "tidewell-media",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    };
    storage = createS3Storage(options);
    await storage.put("audio", "preview.mp3", PREVIEW);
    await storage.put("pdfs", "hospital-bag-checklist.pdf", CHECKLIST);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });
  afterEach(() => vi.restoreAllMocks());

  it("keeps each of the spec's buckets under its own prefix in the one bucket", () => {
    expect(fs.readdirSync(path.join(directory, "tidewell-media")).sort()).toEqual(["audio", "pdfs"]);
  });

  it("describes an object: size, type, date and the ETag S3 gives it", async () => {
    const audio = await storage.info("audio", "preview.mp3");
    expect(audio).toMatchObject({
      size: PREVIEW.length,
      contentType: "audio/mpeg",
      etag: `"${md5(PREVIEW)}"`,
    });
    expect(Math.abs(audio!.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
    const pdf = await storage.info("pdfs", "hospital-bag-checklist.pdf");
    expect(pdf).toMatchObject({
      size: CHECKLIST.length,
      contentType: "application/pdf",
      etag: `"${md5(CHECKLIST)}"`,
    });
  });

  it("answers null for a missing object, and looks in the right prefix", async () => {
    expect(await storage.info("audio", "missing.mp3")).toBeNull();
    expect(await storage.info("audio", "hospital-bag-checklist.pdf")).toBeNull();
  });

  it("types an object stored without a Content-Type by its name", async () => {
    const client = new AwsClient({ ...options, service: "s3" });
    const put = await client.fetch(`${options.endpoint}/tidewell-media/audio/untyped.mp3`, {
      method: "PUT",
      body: new Uint8Array([1, 2, 3]),
    });
    expect(put.ok).toBe(true);
    expect((await storage.info("audio", "untyped.mp3"))?.contentType).toBe("audio/mpeg");
  });

  it("reads the exact bytes", async () => {
    expect((await storage.read("audio", "preview.mp3")).equals(PREVIEW)).toBe(true);
    expect((await storage.read("pdfs", "hospital-bag-checklist.pdf")).equals(CHECKLIST)).toBe(true);
    await expect(storage.read("audio", "missing.mp3")).rejects.toThrow(
      "S3 GET audio/missing.mp3 answered 404 NoSuchKey",
    );
  });

  // s3rver answers `bytes=0-0` with the whole object: the first case also checks that no more is passed on.
  it.each([
    ["the first byte", 0, 0],
    ["a middle slice", 100_000, 165_535],
    ["the last bytes", PREVIEW.length - 10, PREVIEW.length - 1],
  ])("streams exactly %s of a range", async (_, start, end) => {
    const bytes = await bytesOf(storage.stream("audio", "preview.mp3", { start, end }));
    expect(bytes.equals(PREVIEW.subarray(start, end + 1))).toBe(true);
  });

  it("streams the whole object without a range, and fails the stream for a missing one", async () => {
    expect((await bytesOf(storage.stream("audio", "preview.mp3"))).equals(PREVIEW)).toBe(true);
    await expect(bytesOf(storage.stream("audio", "missing.mp3"))).rejects.toThrow("404 NoSuchKey");
  });

  it.each(["../x", "a/b", "..", ".env", "%2e%2e", ""])(
    "refuses the key %j without a request",
    async (key) => {
      const fetchSpy = vi.spyOn(globalThis, "fetch");
      expect(await storage.info("audio", key)).toBeNull();
      await expect(storage.read("audio", key)).rejects.toThrow("unsafe media key");
      expect(() => storage.stream("audio", key)).toThrow("unsafe media key");
      await expect(storage.presignedUrl("audio", key, 60)).rejects.toThrow("unsafe media key");
      await expect(storage.put("audio", key, new Uint8Array([1]))).rejects.toThrow("unsafe media key");
      expect(fetchSpy).not.toHaveBeenCalled();
    },
  );

  it("presigns a URL that a plain fetch can GET, whole or by range", async () => {
    const url = new URL(await storage.presignedUrl("audio", "preview.mp3", 3600));
    expect(url.pathname).toBe("/tidewell-media/audio/preview.mp3");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("3600");
    expect(url.searchParams.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
    expect(url.searchParams.get("X-Amz-Credential")).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);

    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(PREVIEW)).toBe(true);
    const part = await fetch(url, { headers: { Range: "bytes=1000-1999" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 1000-1999/${PREVIEW.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(PREVIEW.subarray(1000, 2000))).toBe(true);
  });

  it.each([0, -1, 1.5, 604_801])("refuses a presigned lifetime of %j seconds", async (seconds) => {
    await expect(storage.presignedUrl("audio", "preview.mp3", seconds)).rejects.toThrow(RangeError);
  });

  it("can presign virtual-hosted URLs too", async () => {
    const hosted = createS3Storage({
      ...options,
      endpoint: "https://s3.eu-west-1.amazonaws.com/",
      forcePathStyle: false,
    });
    const url = new URL(await hosted.presignedUrl("pdfs", "hospital-bag-checklist.pdf", 60));
    expect(`${url.origin}${url.pathname}`).toBe(
      "https://tidewell-media.s3.eu-west-1.amazonaws.com/pdfs/hospital-bag-checklist.pdf",
    );
  });

  it("gives media facts on top of it", async () => {
    const facts = createMediaFacts(storage);
    expect(await facts.pdfPageCount("hospital-bag-checklist.pdf")).toBe(4);
    expect(await facts.audioDuration("preview.mp3")).toBeGreaterThan(1);
    expect(await facts.audioDuration("missing.mp3")).toBeNull();
  });

  it("serves ranges through serveMedia: 206 with the right Content-Range, 416 past the end", async () => {
    const request = (range: string) =>
      new Request("http://app.test/audio/preview.mp3", { headers: { Range: range } });
    const partial = await serveMedia(storage, "audio", "preview.mp3", request("bytes=200-1223"));
    expect(partial.status).toBe(206);
    expect(partial.headers.get("content-range")).toBe(`bytes 200-1223/${PREVIEW.length}`);
    expect(partial.headers.get("content-length")).toBe("1024");
    expect(partial.headers.get("content-type")).toBe("audio/mpeg");
    expect(Buffer.from(await partial.arrayBuffer()).equals(PREVIEW.subarray(200, 1224))).toBe(true);

    const suffix = await serveMedia(storage, "audio", "preview.mp3", request("bytes=-5"));
    expect(Buffer.from(await suffix.arrayBuffer()).equals(PREVIEW.subarray(-5))).toBe(true);

    const beyond = await serveMedia(storage, "audio", "preview.mp3", request(`bytes=${PREVIEW.length}-`));
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${PREVIEW.length}`);
  });

  it("writes a small file in one PUT and a large one in parts, from a stream", async () => {
    const parted = createS3Storage({ ...options, partBytes: 64 * 1024 });
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    await parted.write("audio", "small.v2.mp3", Readable.from([PREVIEW.subarray(0, 1000)]), 1000);
    expect((await parted.read("audio", "small.v2.mp3")).equals(PREVIEW.subarray(0, 1000))).toBe(true);

    fetchSpy.mockClear();
    const pieces = [PREVIEW.subarray(0, 100_000), PREVIEW.subarray(100_000)];
    await parted.write("audio", "preview.v2.mp3", Readable.from(pieces), PREVIEW.length);
    const partCalls = fetchSpy.mock.calls.filter(([input]) =>
      String(input instanceof Request ? input.url : input).includes("partNumber="),
    );
    expect(partCalls.length).toBe(Math.ceil(PREVIEW.length / (64 * 1024)));
    expect((await parted.read("audio", "preview.v2.mp3")).equals(PREVIEW)).toBe(true);
    expect((await parted.info("audio", "preview.v2.mp3"))?.contentType).toBe("audio/mpeg");

    await expect(
      parted.write("audio", "preview.v2.mp3", Readable.from([Buffer.from("x")]), 1),
    ).rejects.toThrow(KeyTakenError);
  });

  it("stores nothing when the stream fails part way, or comes short", async () => {
    const parted = createS3Storage({ ...options, partBytes: 64 * 1024 });
    const failing = Readable.from(
      (async function* () {
        yield PREVIEW.subarray(0, 200_000);
        throw new Error("the connection dropped");
      })(),
    );
    await expect(parted.write("audio", "dropped.mp3", failing, PREVIEW.length)).rejects.toThrow("dropped");
    expect(await parted.info("audio", "dropped.mp3")).toBeNull();
    await expect(
      parted.write("audio", "short.mp3", Readable.from([PREVIEW.subarray(0, 100_000)]), 200_000),
    ).rejects.toThrow("100000 bytes came, not 200000");
    expect(await parted.info("audio", "short.mp3")).toBeNull();
  });

  it("names the call and S3's error code when the service refuses", async () => {
    const wrongKey = createS3Storage({ ...options, accessKeyId: "NOT-A-KEY" });
    await expect(wrongKey.read("audio", "preview.mp3")).rejects.toThrow(
      "S3 GET audio/preview.mp3 answered 403 InvalidAccessKeyId",
    );
    await expect(wrongKey.info("audio", "preview.mp3")).rejects.toThrow(
      "S3 HEAD audio/preview.mp3 answered 403",
    );
    const wrongBucket = createS3Storage({ ...options, bucket: "no-such-bucket" });
    await expect(wrongBucket.read("audio", "preview.mp3")).rejects.toThrow("404 NoSuchBucket");
  });

  it("uploads content/ once, keeps what is there and replaces it with force", async () => {
    const content = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-content-"));
    try {
      fs.mkdirSync(path.join(content, "audio"));
      fs.mkdirSync(path.join(content, "pdfs"));
      fs.copyFileSync(path.resolve("content/audio/preview.mp3"), path.join(content, "audio/preview.mp3"));
      fs.writeFileSync(path.join(content, "audio/notes.txt"), "not media");
      fs.copyFileSync(
        path.resolve("content/pdfs/hospital-bag-checklist.pdf"),
        path.join(content, "pdfs/list.pdf"),
      );
      const target = createS3Storage({ ...options, bucket: "upload-test" });
      const summary = (results: { bucket: string; key: string; action: string }[]) =>
        results.map((r) => `${r.action} ${r.bucket}/${r.key}`);

      const reported: string[] = [];
      const first = await uploadMediaFromContent(target, content, {
        onResult: (r) => reported.push(`${r.action} ${r.bucket}/${r.key} ${r.size}`),
      });
      expect(summary(first)).toEqual(["uploaded audio/preview.mp3", "uploaded pdfs/list.pdf"]);
      expect(reported).toEqual([
        `uploaded audio/preview.mp3 ${PREVIEW.length}`,
        `uploaded pdfs/list.pdf ${CHECKLIST.length}`,
      ]);
      expect((await target.read("pdfs", "list.pdf")).equals(CHECKLIST)).toBe(true);
      expect((await target.info("pdfs", "list.pdf"))?.contentType).toBe("application/pdf");

      // A real recording already in the bucket is not overwritten by the demo...
      await target.put("audio", "preview.mp3", new Uint8Array(Buffer.from("a real recording")));
      expect(summary(await uploadMediaFromContent(target, content))).toEqual([
        "kept audio/preview.mp3",
        "kept pdfs/list.pdf",
      ]);
      expect((await target.read("audio", "preview.mp3")).toString()).toBe("a real recording");
      // ...unless asked to.
      expect(summary(await uploadMediaFromContent(target, content, { force: true }))).toEqual([
        "replaced audio/preview.mp3",
        "replaced pdfs/list.pdf",
      ]);
      expect((await target.read("audio", "preview.mp3")).equals(PREVIEW)).toBe(true);
    } finally {
      fs.rmSync(content, { recursive: true, force: true });
    }
  });

  it("runs scripts/media-upload.ts in plain Node against the configured bucket", async () => {
    const env = {
      PATH: process.env.PATH,
      // The test run's compiled code, so the script's start compiles only what is new to it.
      NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE,
      S3_ENDPOINT: options.endpoint,
      S3_REGION: "us-east-1",
      S3_BUCKET: "script-test",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    };
    // spawnSync would block the event loop that s3rver answers on: runNode spawns.
    // Every recording and guide in content/ but the preview is in the bucket already (a stand-in of
    // each: what is there is kept whatever it holds), so one run shows both what it uploads and
    // what it keeps, and moves one recording rather than all of them.
    const target = createS3Storage({ ...options, bucket: "script-test" });
    const kept: string[] = [];
    for (const bucket of ["audio", "pdfs"] as const) {
      for (const name of fs.readdirSync(`content/${bucket}`).filter((name) => /\.(mp3|pdf)$/.test(name))) {
        if (name !== "preview.mp3") kept.push(`${bucket}/${name}`);
      }
    }
    await Promise.all(
      kept.map((key) => {
        const [bucket, name] = key.split("/") as ["audio" | "pdfs", string];
        return target.put(bucket, name, new Uint8Array(Buffer.from(`already there: ${key}`)));
      }),
    );
    const run = await runNode(["scripts/media-upload.ts"], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("uploaded audio/preview.mp3");
    expect(run.stdout).toContain("kept     pdfs/hospital-bag-checklist.pdf");
    expect(run.stdout).toContain(
      `Done: 1 uploaded, 0 replaced, ${kept.length} kept (already there; --force replaces them).`,
    );
    expect((await target.read("audio", "preview.mp3")).equals(PREVIEW)).toBe(true);
    expect((await target.read("pdfs", "hospital-bag-checklist.pdf")).toString()).toBe(
      "already there: pdfs/hospital-bag-checklist.pdf",
    );
  });
});

/** Runs node with the given arguments, without blocking this process's event loop. */
function runNode(args: string[], env: Record<string, string | undefined>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, cwd: process.cwd() });
    Promise.all([text(child.stdout), text(child.stderr)])
      .then(([stdout, stderr]) => child.once("close", (code) => resolve({ code, stdout, stderr })))
      .catch(reject);
  });
}

describe("scripts/media-upload.ts without S3", () => {
  it("exits 1 and says what to set", () => {
    const result = spawnSync(process.execPath, ["scripts/media-upload.ts"], {
      env: { PATH: process.env.PATH },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("S3 is not configured: set S3_BUCKET, S3_REGION");
  });

  it("exits 1 on an unknown argument", () => {
    const result = spawnSync(process.execPath, ["scripts/media-upload.ts", "--frce"], { encoding: "utf8" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("usage:");
  });
});

describe("S3 settings from the environment", () => {
  const s3 = {
    S3_BUCKET: "media",
    S3_REGION: "eu-west-1",
    S3_ACCESS_KEY_ID: "id",
    S3_SECRET_ACCESS_KEY: "secret",
  };

  it("is null without a bucket, so media stays in DATA_DIR", () => {
    expect(s3OptionsFromEnv(parseEnv({}))).toBeNull();
  });

  it("defaults the endpoint to AWS in the region, and takes S3_ENDPOINT otherwise", () => {
    expect(s3OptionsFromEnv(parseEnv(s3))).toEqual({
      endpoint: "https://s3.eu-west-1.amazonaws.com",
      region: "eu-west-1",
      bucket: "media",
      accessKeyId: "id",
      secretAccessKey: "secret",
    });
    const r2 = "https://0123456789abcdef.r2.cloudflarestorage.com";
    expect(s3OptionsFromEnv(parseEnv({ ...s3, S3_REGION: "auto", S3_ENDPOINT: r2 }))?.endpoint).toBe(r2);
  });
});

describe("S3 calls that get no answer", () => {
  const base = { region: "us-east-1", bucket: "b", accessKeyId: "k", secretAccessKey: "s", timeoutMs: 200 };

  it("give up after the timeout", async () => {
    const silent = await startServer(() => {});
    try {
      const storage = createS3Storage({ ...base, endpoint: silent.endpoint });
      await expect(storage.info("audio", "a.mp3")).rejects.toThrow(
        "S3 HEAD audio/a.mp3 failed: no answer in 0.2 s",
      );
    } finally {
      await silent.close();
    }
  });

  it("but a body that flows slower than the timeout still arrives whole", async () => {
    const slow = await startServer((_, response) => {
      response.writeHead(200, { "Content-Type": "audio/mpeg" });
      response.write("first ");
      setTimeout(() => response.end("and last"), 400);
    });
    try {
      const storage = createS3Storage({ ...base, endpoint: slow.endpoint });
      expect((await bytesOf(storage.stream("audio", "a.mp3"))).toString()).toBe("first and last");
    } finally {
      await slow.close();
    }
  });

  it("and a stream destroyed midway (the listener left) ends the download", async () => {
    let closed!: () => void;
    const downloadClosed = new Promise<void>((resolve) => (closed = resolve));
    const endless = await startServer((_, response) => {
      response.writeHead(200);
      const sending = setInterval(() => response.write("more "), 10);
      response.on("close", () => (clearInterval(sending), closed()));
    });
    try {
      const stream = createS3Storage({ ...base, endpoint: endless.endpoint }).stream("audio", "a.mp3");
      for await (const chunk of stream) {
        expect(String(chunk)).toBe("more ");
        break; // destroys the stream
      }
      await downloadClosed;
    } finally {
      await endless.close();
    }
  });

  it("and a range answered wrongly fails the stream rather than send the wrong bytes", async () => {
    const wrong = await startServer((request, response) => {
      // Ignores the Range for one file and answers another range for the other.
      if (request.url?.endsWith("/whole.mp3")) response.writeHead(200).end("0123456789");
      else response.writeHead(206, { "Content-Range": "bytes 0-4/10" }).end("01234");
    });
    try {
      const storage = createS3Storage({ ...base, endpoint: wrong.endpoint });
      for (const key of ["whole.mp3", "other.mp3"]) {
        await expect(bytesOf(storage.stream("audio", key, { start: 5, end: 9 }))).rejects.toThrow(
          `S3 GET audio/${key} did not answer the range 5-9`,
        );
      }
    } finally {
      await wrong.close();
    }
  });

  it("report a refused connection with its cause", async () => {
    const gone = await startServer(() => {});
    await gone.close();
    const storage = createS3Storage({ ...base, endpoint: gone.endpoint });
    await expect(storage.read("audio", "a.mp3")).rejects.toThrow(
      /S3 GET audio\/a.mp3 failed: fetch failed: .*ECONNREFUSED/,
    );
  });
});
