/** Where the guide build reads and writes: the repository root, the Markdown sources and the PDFs. */

import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const GUIDES_DIR = path.join(ROOT, "content", "guides");
export const PDFS_DIR = path.join(ROOT, "content", "pdfs");
