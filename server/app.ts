import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { CLIENT_IP_HEADER } from "#app/modules/accounts/auth.server.ts";
import { checkoutForBrowser } from "#app/modules/payments/payments.server.ts";
import { checkoutSources } from "#app/modules/payments/checkout-config.ts";
import { ConfigError, isSecureOrigin, parseEnv } from "#app/platform/env.server.ts";
import { createLogger, type Logger } from "#app/platform/log.server.ts";
import { PUBLIC_PAGE_VERSIONS, publicPagePaths } from "#app/modules/site/public-pages.server.ts";
import { JOIN_RETURN_COOKIE_PATTERN } from "#app/modules/partner/join-return.ts";
import { FLASH_COOKIE } from "#app/modules/site/flash.server.ts";
import { deviceHolder } from "#app/modules/offline/device.server.ts";
import { offlineMemberKey } from "#app/modules/offline/member-key.server.ts";
import { todayIn } from "#app/modules/calendar/dates.ts";
import { closeServices, createServices, startHousekeeping, type AppServices } from "#app/services.server.ts";
import { requestContext, servicesContext } from "#app/request.server.ts";
import { audioFastLane } from "./audio-fast-lane.ts";
import { mediaUpload } from "./media-upload.ts";
import { memberPageCache } from "./member-page-cache.ts";
import { oneStartPerTurn } from "./one-start-per-turn.ts";
import { reactRouterHandler, requestUrl } from "./react-router-handler.ts";
import { deferHydration } from "./defer-hydration.ts";
import { NONCE_PLACEHOLDER, publicPageCache } from "./page-cache.ts";
import { precompressedAssets } from "./precompressed-assets.ts";
import { oneClickStop } from "./one-click-stop.ts";
import { onError } from "./on-error.ts";
import { progressFastLane } from "./progress-fast-lane.ts";
import { actionFinder, refuseMalformedPaths, requestGate } from "./request-gate.ts";
import { sameOriginOnly } from "./same-origin.ts";
import { requestLog } from "./request-log.ts";
import { securityHeaders } from "./security-headers.ts";

interface AppOptions {
  services: AppServices;
  /** The server build: loaded once in production; in development, afresh on each request. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** In development, Vite serves the assets and rebuilds the app on change. */
  vite?: ViteDevServer;
  /** Flipped during shutdown so load balancers stop sending traffic. */
  isShuttingDown?: () => boolean;
  /** The client build's directory (scripts, styles, public files); Vite serves them in development. */
  clientDir?: string;
}

/** Every page but a cached public one starts its app once the browser has painted it (decision 0027). */
const startAfterFirstPaint = (html: string) => deferHydration(html, "after-first-paint");

const loadBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;

export function createApp({ services, build, vite, isShuttingDown = () => false, clientDir }: AppOptions) {
  // Never a default: a relative or empty directory would serve the working directory's files.
  if (!vite && !(clientDir && path.isAbsolute(clientDir)))
    throw new Error("A built server needs its client build's absolute path");
  const publicDir = clientDir ?? "";
  const { env, log, database } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  app.use(requestLog(log, { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" }));

  // Every response, health checks included, carries the security headers.
  app.use(
    securityHeaders({
      hsts: isSecureOrigin(env.BASE_URL),
      dev: Boolean(vite),
      mediaOrigins: services.mediaOrigin ? [services.mediaOrigin] : [],
      checkout: checkoutSources(checkoutForBrowser(services.payments)),
      signInOrigins: services.socialSignIn.origins,
    }),
  );

  app.use(refuseMalformedPaths);

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    // Ready or not, and nothing more: what the app runs on is not a visitor's business.
    if (isShuttingDown()) return void res.status(503).json({ status: "not ready" });
    try {
      await database.ping();
      res.json({ status: "ready" });
    } catch (error) {
      log.error({ err: error }, "database did not answer the readiness check");
      res.status(503).json({ status: "not ready" });
    }
  });

  // Audio is sent as stored (MP3 does not compress), so its lane comes before compression.
  app.get("/media/audio/:file", audioFastLane(services));
  // The build's scripts and styles are compressed once, at the strongest levels.
  if (!vite) app.use("/assets", precompressedAssets(path.join(publicDir, "assets")));
  // What is compressed per response (pages rendered afresh, JSON, the few public files) uses
  // gzip 3 and brotli 3: half the CPU of the defaults (6 and 4) for 5-10% more bytes
  // (docs/performance.md has the measurements). Kept pages are compressed ahead, at level 9.
  // Brotli's window is 256 KB, not 4 MB: a stream can't know its size, so it would allocate the
  // whole window for every response, which costs more than compressing a page does.
  app.use(
    compression({
      level: 3,
      brotli: {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
      },
    }),
  );

  if (vite) {
    app.use(vite.middlewares);
  } else {
    // Hashed file names change with their content, so they can be cached for good.
    app.use(
      "/assets",
      express.static(path.join(publicDir, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    const publicFiles = express.static(publicDir, {
      maxAge: "1h",
      index: false,
      // The browser checks the service worker for a new version on every visit; it must not wait an hour.
      setHeaders: (res, file) => {
        if (path.basename(file) === "sw.js") res.setHeader("Cache-Control", "no-cache");
      },
    });
    // Only names with an extension can be files here; pages skip the file-system lookup.
    app.use((req, res, next) => (/\.[\w]+$/.test(req.path) ? publicFiles(req, res, next) : next()));
  }

  // The reminder emails' stop link is posted by mail apps from anywhere (RFC 8058); its signature proves it.
  app.use(sameOriginOnly(env.BASE_URL, ["/api/webhooks/", "/api/auth/callback/", "/reminders/stop"]));
  app.post("/api/audio/:trackId/progress", progressFastLane(services));
  app.post("/reminders/stop", oneClickStop(services));

  // The owner's studio, refusals and error pages included, is never kept by a browser or a proxy: set here,
  // since React Router gives a page refused by a route's middleware no headers of its own.
  app.use("/studio", (_req, res, next) => {
    res.set("Cache-Control", "no-store");
    res.set("X-Robots-Tag", "noindex");
    next();
  });
  // A new recording or guide is streamed to disk as it comes: React Router would read at most 1 MiB of it.
  app.post("/studio/media/:kind/:id", mediaUpload(services));

  // Given the build itself (not a loader), React Router prepares its routes once, not per request.
  const handleRequest = oneStartPerTurn(createRequestHandler(build, vite ? "development" : "production"));
  const loadContext = (nonce: string, requestLogger: Logger, refusal?: number) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(requestContext, { nonce, log: requestLogger, refusal });
    return context;
  };
  // Requests no route can answer get the product's error page for their status, rendered for a GET.
  if (typeof build !== "function") {
    app.use(
      requestGate({
        origin: env.BASE_URL,
        hasAction: actionFinder(build),
        renderRefusal: (req, res, status) =>
          handleRequest(
            new Request(requestUrl(env.BASE_URL, req.originalUrl), { headers: { accept: "text/html" } }),
            loadContext(res.locals.cspNonce as string, req.log, status),
          ),
      }),
    );
  }
  // In development every page renders afresh, so edits show at once.
  if (!vite) {
    app.use(
      memberPageCache({
        under: "/portal",
        sessions: services.sessions,
        today: (timeZone) => todayIn(timeZone, services.clock.now()),
        render: (req) =>
          handleRequest(
            new Request(requestUrl(env.BASE_URL, req.path), {
              headers: { accept: "text/html", cookie: req.headers.cookie ?? "" },
            }),
            loadContext(NONCE_PLACEHOLDER, req.log),
          ),
        // A flash message, or an invitation to return to after signing in.
        oneOffCookies: new RegExp(`${FLASH_COOKIE.source}|${JOIN_RETURN_COOKIE_PATTERN.source}`),
        deviceHolds: async (cookieHeader, memberId) =>
          (await deviceHolder(services.device, cookieHeader)) === offlineMemberKey(services.secret, memberId),
        prepare: startAfterFirstPaint,
        // About 9 KB each, kept compressed: a thousand members' pages fit in the memory budget (docs/performance.md).
        maxPages: 1000,
        ttlMs: 10 * 60_000,
        contentVersion: () => services.contentVersion.current(),
      }),
    );
    app.use(
      publicPageCache({
        paths: new Set(publicPagePaths()),
        variants: PUBLIC_PAGE_VERSIONS,
        render: (url) =>
          handleRequest(
            new Request(new URL(url, env.BASE_URL), { headers: { accept: "text/html" } }),
            loadContext(NONCE_PLACEHOLDER, log),
          ),
        prepare: (html) => deferHydration(html, "on-interaction"),
        // Any of our cookies (a session, a flash message) can make a page personal.
        personalCookies: /(^|;\s*)(__Secure-)?tidewell[._]/,
        ttlMs: 5 * 60_000,
        // A publish from the studio, on any instance, shows within a second (the version's reader).
        contentVersion: () => services.contentVersion.current(),
      }),
    );
  }
  app.use(
    reactRouterHandler({
      clientIpHeader: CLIENT_IP_HEADER,
      handleRequest,
      origin: env.BASE_URL,
      getLoadContext: (req, res) => loadContext(res.locals.cspNonce as string, req.log),
      // Vite's development page has modules of its own, and starts as Vite says.
      preparePage: vite ? undefined : startAfterFirstPaint,
    }),
  );

  app.use(onError);
  return app;
}

/**
 * Reads the configuration, opens and migrates the database, and serves until
 * SIGTERM. `nodeEnv` is the NODE_ENV the operator set (the launcher sets the
 * process's own to production for the libraries).
 */
/** How long the server keeps an idle connection open for the client's next request. */
const KEEP_ALIVE_MS = 65_000;

export async function start({
  vite,
  nodeEnv,
  clientDir,
}: { vite?: ViteDevServer; nodeEnv?: string; clientDir?: string } = {}) {
  let env;
  try {
    env = parseEnv({ ...process.env, NODE_ENV: nodeEnv });
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const log = createLogger(env.LOG_LEVEL);
  let services: AppServices;
  try {
    services = await createServices(env, log);
  } catch (error) {
    const where = env.DATABASE_URL
      ? "PostgreSQL database at DATABASE_URL"
      : `SQLite database in ${env.DATA_DIR}`;
    fail(`Could not open the ${where}: ${(error as Error).message}`);
  }
  const { database } = services;
  services.mailer.start();
  services.jobs.start();
  const stopHousekeeping = startHousekeeping(services);

  let shuttingDown = false;
  const build = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : await loadBuild();
  const app = createApp({ services, build, vite, isShuttingDown: () => shuttingDown, clientDir });
  const server = app.listen(env.PORT, env.HOST);
  // A kept-alive connection is closed by whoever waits less. Node's 5 s is shorter than a reverse
  // proxy's (60 s is common), so a request sent as the server closes its connection fails (a 502
  // behind the proxy, "other side closed" to a client). The server waits longer than they do.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EADDRINUSE") fail(`Port ${env.PORT} is already in use. Set PORT to a free port.`);
    if (error.code === "EACCES")
      fail(`Not allowed to listen on port ${env.PORT}. Set PORT to a port above 1023.`);
    fail(`Could not start the server: ${error.message}`);
  });
  server.on("listening", () => {
    log.info({ url: env.BASE_URL, host: env.HOST, database: database.dialect }, "Tidewell is listening");
    if (env.demo) {
      log.info(
        "demo features are on (the local outbox page, the demo checkout): this server answers this machine only",
      );
    } else {
      log.info(`demo features are off: ${env.demoOffBecause}`);
    }
  });

  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ signal }, "shutting down: finishing requests in flight");
    // Stops accepting connections and calls back once the requests in flight
    // have been answered; kept-alive connections are closed as they fall idle.
    const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
    server.close(async () => {
      clearInterval(closeIdle);
      stopHousekeeping();
      await vite?.close();
      await closeServices(services);
      log.info("shut down cleanly");
      process.exit(0);
    });
    setTimeout(() => {
      log.warn("requests still open after 10 s; closing them");
      server.closeAllConnections();
    }, 10_000).unref();
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
  return server;
}

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}
