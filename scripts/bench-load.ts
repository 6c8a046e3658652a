/**
 * The server under load (autocannon, on the same machine): requests per
 * second and latency, CPU time per request, and the sign-up form's timing.
 * Every figure is measured beside a static file sent by the same server.
 */
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { BIRTH_PLAN_INTENTS } from "#app/modules/birth-plan/forms.ts";
import { NOTE_MAX_LENGTH, noteField } from "#app/modules/birth-plan/plan.ts";
import type { SectionId } from "#app/modules/birth-plan/sections.ts";
import { cpuMs } from "./bench-server.ts";
import {
  AUDIO,
  FRESH_PORTAL,
  FRESH_PORTAL_FEW,
  median,
  PORTAL,
  RANGE_REFERENCE,
  REFERENCE,
  type Measurements,
} from "./bench-report.ts";

export const CONNECTIONS = 50;
/** A quiet hour's few visitors at once, for the fresh render's own tail. */
const FEW_CONNECTIONS = 8;
/** The audio player asks for 64 KB at a time; the static reference is asked for the same. */
const RANGE = "bytes=0-65535";

interface Target {
  name: string;
  request: autocannon.Options;
  reference?: string;
  /** CONNECTIONS unless given. */
  connections?: number;
}

interface Member {
  cookie: string;
  audioUrl: string;
}

/**
 * The smallest file of at least 64 KB in the client build that is not code (a font, an image), as
 * a path on the site: the like-for-like reference for a Range request of audio.
 */
export function rangeReferenceFile(clientDir: string): string {
  const files = fs
    .readdirSync(clientDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.(js|css|html|map)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .map((file) => ({ file, size: fs.statSync(file).size }))
    .filter(({ size }) => size >= 64 * 1024)
    .sort((a, b) => a.size - b.size);
  if (files.length === 0) throw new Error(`No file of 64 KB or more in ${clientDir} to compare audio with`);
  return `/${path.relative(clientDir, files[0]!.file).split(path.sep).join("/")}`;
}

/** The static file Range request and the audio Range request, alike but for what answers them. */
export function rangeTargets(base: string, member: Member, referencePath: string): Target[] {
  return [
    { name: RANGE_REFERENCE, request: { url: `${base}${referencePath}`, headers: { range: RANGE } } },
    {
      name: AUDIO,
      request: { url: member.audioUrl, headers: { cookie: member.cookie, range: RANGE } },
      reference: RANGE_REFERENCE,
    },
  ];
}

/**
 * What a fresh portal render costs the server, beside what a small static file costs: the fresh
 * render's budgets are a rate and a tail, and this says how much of a core each page takes.
 */
export function freshRenderTargets(base: string, member: Member): Target[] {
  const headers = { "accept-encoding": "gzip, deflate, br, zstd", cookie: member.cookie };
  return [
    { name: REFERENCE, request: { url: `${base}/favicon.svg`, headers } },
    { name: FRESH_PORTAL, request: { url: `${base}/portal?view=fresh`, headers }, reference: REFERENCE },
  ];
}

/** Requests per second and latency at 50 connections, each target beside its reference. */
export async function measureLoad(
  base: string,
  member: Member,
  referencePath: string,
  settings: { runs: number; seconds: number },
  progress: (message: string) => void,
) {
  const headers = { "accept-encoding": "gzip, deflate, br, zstd" }; // as Chromium asks
  const signedIn = { ...headers, cookie: member.cookie };
  const targets: Target[] = [
    { name: REFERENCE, request: { url: `${base}/favicon.svg`, headers } },
    { name: "/ (public)", request: { url: `${base}/`, headers } },
    { name: "/hypno-science (public)", request: { url: `${base}/hypno-science`, headers } },
    { name: PORTAL, request: { url: `${base}/portal`, headers: signedIn } },
    // A query string sends the page past the kept pages to a fresh render.
    { name: FRESH_PORTAL, request: { url: `${base}/portal?view=fresh`, headers: signedIn } },
    {
      name: FRESH_PORTAL_FEW,
      request: { url: `${base}/portal?view=fresh`, headers: signedIn },
      connections: FEW_CONNECTIONS,
    },
    {
      name: "progress write",
      request: {
        url: `${base}/api/audio/affirmations-purpose/progress`,
        method: "POST",
        headers: { cookie: member.cookie, origin: base, "content-type": "application/json" },
        body: JSON.stringify({ positionSeconds: 42.5 }),
      },
    },
    ...rangeTargets(base, member, referencePath),
  ];
  const runs = new Map<string, Awaited<ReturnType<typeof run>>[]>(targets.map((t) => [t.name, []]));
  for (const target of targets) {
    progress(`load: ${target.name} (warm-up)`);
    await run(target, { duration: 1 });
  }
  // The targets in turn on each run, as for the CPU time: a target and its reference are then
  // measured within a minute of each other, so the machine's drift touches both alike.
  for (let i = 0; i < settings.runs; i += 1) {
    for (const target of targets) {
      progress(`load: ${target.name} (${i + 1}/${settings.runs})`);
      runs.get(target.name)!.push(await run(target, { duration: settings.seconds }));
    }
  }
  return targets.map((target) => {
    const results = runs.get(target.name)!;
    return {
      name: target.name,
      requestsPerSecond: median(results.map((r) => r.requestsPerSecond)),
      p50: median(results.map((r) => r.p50)),
      p99: median(results.map((r) => r.p99)),
      errors: results.reduce((sum, r) => sum + r.errors, 0),
      ...(target.reference ? { reference: target.reference } : {}),
    };
  });
}

async function run(target: Target, length: { duration: number } | { amount: number }) {
  const connections = target.connections ?? CONNECTIONS;
  const result = await autocannon({ ...target.request, connections, ...length });
  const failed = result.errors + result.timeouts + result["non2xx"];
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: failed,
  };
}

/**
 * The server's CPU time per request for each target: its process's user and
 * system time before and after a fixed number of requests, the targets taken
 * in turn on each run so drift touches them alike.
 */
export async function measureServerCpu(
  pid: number,
  targets: Target[],
  settings: { runs: number; requests: number },
  progress: (message: string) => void,
): Promise<Measurements["serverCpu"]> {
  const perRequest = new Map<string, number[]>(targets.map((t) => [t.name, []]));
  for (let i = 0; i < settings.runs; i += 1) {
    for (const target of targets) {
      progress(`server CPU: ${target.name} (${i + 1}/${settings.runs})`);
      const before = cpuMs(pid);
      const { errors } = await run(target, { amount: settings.requests });
      if (errors > 0) throw new Error(`${target.name}: ${errors} of ${settings.requests} requests failed`);
      perRequest.get(target.name)!.push((cpuMs(pid) - before) / settings.requests);
    }
  }
  return targets.map((target) => ({
    name: target.name,
    msPerRequest: median(perRequest.get(target.name)!),
    ...(target.reference ? { reference: target.reference } : {}),
  }));
}

/**
 * The sign-up form's answer time for addresses without an account, then for
 * the same addresses again (now registered), alternating so drift hits both.
 * Each request comes from its own address behind the (trusted) proxy, under
 * the per-address limits.
 */
export async function measureSignUpTiming(
  base: string,
  progress: (message: string) => void,
): Promise<Measurements["signUp"]> {
  progress("sign-up timing");
  const count = 15;
  const emails = Array.from({ length: count }, (_, i) => `timing-${Date.now()}-${i}@example.com`);
  const signUp = async (email: string, n: number) => {
    const started = performance.now();
    const response = await fetch(`${base}/auth`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: base,
        "x-forwarded-for": `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`,
      },
      body: new URLSearchParams({
        intent: "sign-up",
        tier: "free",
        name: "Tim Ing",
        email,
        password: "calm-waters-rise",
      }),
    });
    await response.text();
    if (response.status !== 200) throw new Error(`Sign-up answered ${response.status}`);
    return performance.now() - started;
  };
  const fresh: number[] = [];
  const known: number[] = [];
  for (let i = 0; i < count; i += 1) {
    fresh.push(await signUp(emails[i]!, 2 * i));
    if (i > 0) known.push(await signUp(emails[i - 1]!, 2 * i + 1));
  }
  return { newAddressMs: median(fresh), knownAddressMs: median(known) };
}

/** Members asking for their birth preferences PDF at once, each plan as hard to lay out as the form allows. */
const PDF_BURST = 20;

/**
 * The server's answer to /healthz while PDF_BURST members ask for birth preferences PDFs at once, each plan
 * with notes that are single 1,000-character words (the hardest text to lay out): the PDFs are made off the
 * event loop, so every other answer should come as fast as ever. Beside it, /healthz alone.
 */
export async function measurePdfBurst(
  base: string,
  cookies: string[],
  progress: (message: string) => void,
): Promise<Measurements["pdfBurst"]> {
  progress(`birth preferences PDFs: ${PDF_BURST} at once`);
  const members = cookies.slice(0, PDF_BURST);
  const note = (section: SectionId, n: number) =>
    `${section.replaceAll("-", "")}${n}`.padEnd(NOTE_MAX_LENGTH, "x");
  await Promise.all(
    members.map(async (cookie, n) => {
      const form = new URLSearchParams({ intent: BIRTH_PLAN_INTENTS.save });
      for (const section of ["environment", "partner-role", "pain-relief"] as const)
        form.set(noteField(section), note(section, n));
      const saved = await fetch(`${base}/api/birth-plan`, {
        method: "POST",
        headers: { cookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
        body: form,
      });
      await saved.text();
      if (saved.status !== 200) throw new Error(`A birth plan's save answered ${saved.status}`);
    }),
  );
  const health = async () => {
    const started = performance.now();
    const response = await fetch(`${base}/healthz`);
    await response.text();
    if (response.status !== 200) throw new Error(`/healthz answered ${response.status}`);
    return performance.now() - started;
  };
  const quiet: number[] = [];
  for (let i = 0; i < 50; i += 1) quiet.push(await health());
  let settled = false;
  const burst = Promise.all(
    members.map(async (cookie) => {
      const response = await fetch(`${base}/portal/birth-preferences.pdf`, { headers: { cookie } });
      await response.arrayBuffer();
      return response.status;
    }),
  ).finally(() => (settled = true));
  const during: number[] = [];
  while (!settled) during.push(await health());
  const statuses = await burst;
  return {
    pdfs: statuses.filter((status) => status === 200).length,
    busy: statuses.filter((status) => status === 503).length,
    healthMaxMs: Math.max(...during),
    healthChecks: during.length,
    quietHealthMaxMs: Math.max(...quiet),
  };
}
