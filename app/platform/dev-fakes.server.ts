import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * A provider's local fake from the project's dev/fakes folder, for a demo run.
 * The production image has no dev/ folder, and the fake is imported by address
 * at run time so the server's build never bundles it. Null when it is not there.
 */
export async function loadDevFake<Module>(file: string): Promise<Module | null> {
  try {
    return (await import(/* @vite-ignore */ pathToFileURL(path.resolve("dev/fakes", file)).href)) as Module;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND") return null;
    throw error;
  }
}
