/**
 * `npm run media:upload [-- --force]`: puts the demo recordings and guides
 * (content/audio/*.mp3, content/pdfs/*.pdf) into the S3 bucket configured by
 * S3_*, under audio/ and pdfs/. Objects already there are kept unless --force.
 * With S3 the app does not seed media at start, so run this once per bucket.
 */
import { fileURLToPath } from "node:url";
import {
  createS3Storage,
  s3OptionsFromEnv,
  uploadMediaFromContent,
  type UploadResult,
} from "#app/modules/media/s3-storage.server.ts";
import { ConfigError, parseEnv } from "#app/platform/env.server.ts";

const CONTENT_DIR = fileURLToPath(new URL("../content", import.meta.url));
const USAGE = "usage: node scripts/media-upload.ts [--force]";

const args = process.argv.slice(2);
if (args.some((arg) => arg !== "--force")) {
  console.error(USAGE);
  process.exit(1);
}

const LABELS: Record<UploadResult["action"], string> = {
  uploaded: "uploaded",
  replaced: "replaced",
  kept: "kept    ",
};

try {
  const options = s3OptionsFromEnv(parseEnv());
  if (!options) {
    console.error(
      "S3 is not configured: set S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY " +
        "(and S3_ENDPOINT for a service other than AWS). Without them media is served from DATA_DIR.",
    );
    process.exit(1);
  }
  console.log(`Uploading media from ${CONTENT_DIR} to bucket ${options.bucket} at ${options.endpoint}`);
  const results = await uploadMediaFromContent(createS3Storage(options), CONTENT_DIR, {
    force: args.includes("--force"),
    onResult: ({ bucket, key, size, action }) =>
      console.log(`  ${LABELS[action]} ${bucket}/${key} (${(size / 1024).toFixed(0)} KiB)`),
  });
  const count = (action: UploadResult["action"]) => results.filter((r) => r.action === action).length;
  const kept = count("kept");
  console.log(
    `Done: ${count("uploaded")} uploaded, ${count("replaced")} replaced, ${kept} kept` +
      (kept > 0 ? " (already there; --force replaces them)." : "."),
  );
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Upload failed: ${(error as Error).message}`);
  process.exit(1);
}
