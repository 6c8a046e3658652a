import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PASSWORD, signUpOverHttp, uniqueEmail, visitorClient } from "../support/accounts.ts";
import { localOutbox } from "../support/mailbox.ts";
import type { CookieClient } from "../support/cookie-client.ts";
import { startServer, type ServerProcess } from "../support/server-process.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** Runs one of the operator's scripts as `npm run` would, with its own environment. */
function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [script, ...args],
      { cwd: root, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const TRACK = "affirmations-2";

async function savePosition(client: CookieClient, seconds: number) {
  const response = await client.request(`/api/audio/${TRACK}/progress`, {
    method: "POST",
    json: { positionSeconds: seconds },
  });
  return response.ok;
}

/** Where the player would resume the track for this member: the server's saved position. */
async function resumePosition(client: CookieClient): Promise<number | undefined> {
  const response = await client.request(`/api/audio/${TRACK}/signed-url`, { method: "POST" });
  expect(response.status).toBe(200);
  return ((await response.json()) as { position: { seconds: number } | null }).position?.seconds;
}

describe("backing up and restoring the SQLite database", () => {
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tidewell-restore-"));
    dirs.push(dir);
    return dir;
  };
  const start = async (env: Record<string, string> = {}) => {
    const server = await startServer(env, { sqlite: true });
    servers.push(server);
    return server;
  };
  afterAll(async () => {
    for (const server of servers) await server.stop();
    for (const dir of [...dirs, ...servers.map((s) => s.dataDir)])
      fs.rmSync(dir, { recursive: true, force: true });
  });

  it("backs up while members write, restores into a new data directory, and the member finds their progress there", async () => {
    const live = await start();
    const email = uniqueEmail("backup");
    const { client } = await signUpOverHttp(live.baseUrl, localOutbox(live.dataDir), {
      name: "Bea Backup",
      email,
    });
    expect(await savePosition(client, 100)).toBe(true);

    // The member keeps listening while the backup runs.
    let writing = true;
    let lastSaved = 100;
    const writer = (async () => {
      for (let seconds = 101; writing; seconds++)
        if (await savePosition(client, seconds)) lastSaved = seconds;
    })();
    const backup = path.join(tempDir(), "tidewell-backup.sqlite");
    const made = await runScript("scripts/db-backup.ts", [backup], { DATA_DIR: live.dataDir });
    writing = false;
    await writer;
    expect(made, made.stderr).toMatchObject({ code: 0, stdout: expect.stringContaining(`to ${backup}`) });
    expect(lastSaved).toBeGreaterThan(100);

    // A new machine's data directory, where a server is running: the restore waits for it to stop.
    const fresh = tempDir();
    const occupant = await start({ DATA_DIR: fresh });
    const refused = await runScript("scripts/db-restore.ts", [backup], { DATA_DIR: fresh });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is in use\. Stop the server/);
    await occupant.stop();

    const restored = await runScript("scripts/db-restore.ts", [backup], { DATA_DIR: fresh });
    expect(restored, restored.stderr).toMatchObject({ code: 0 });
    // The database it replaced is kept, not deleted.
    const keptAside = /kept at (\S+)\.$/m.exec(restored.stdout)?.[1];
    expect(keptAside && fs.existsSync(keptAside)).toBe(true);

    const revived = await start({ DATA_DIR: fresh });
    const member = visitorClient(revived.baseUrl);
    const signIn = await member.request("/auth", {
      method: "POST",
      form: { intent: "sign-in", email, password: PASSWORD },
    });
    expect(signIn.status).toBe(302);
    // What was saved before the backup began is there; nothing after the backup finished can be.
    const position = await resumePosition(member);
    expect(position).toBeGreaterThanOrEqual(100);
    expect(position).toBeLessThanOrEqual(lastSaved);

    // The original server carried on through the backup.
    expect(await resumePosition(client)).toBe(lastSaved);
  });

  it("points PostgreSQL deployments to pg_dump and pg_restore", async () => {
    const env = { DATA_DIR: tempDir(), DATABASE_URL: "postgres://tidewell@127.0.0.1:5432/tidewell" };
    const backup = await runScript("scripts/db-backup.ts", [], env);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toMatch(/PostgreSQL\. Back it up with pg_dump/);
    const restore = await runScript("scripts/db-restore.ts", ["x.sqlite"], env);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toMatch(/pg_restore/);
  });
});
