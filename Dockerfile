# Tidewell's production image.
#   docker build -t tidewell .
#   docker run -p 127.0.0.1:3000:3000 -e BASE_URL=https://tidewell.example -e APP_SECRET=… \
#     -v tidewell-data:/data tidewell
# It runs in production mode: it refuses to start without BASE_URL and APP_SECRET, and never turns
# on the demo conveniences (docs/deploy.md has the full run command).
# Settings are environment variables (see .env.example); docs/deploy.md covers running several
# instances on PostgreSQL with media on S3.

ARG NODE_IMAGE=node:24-slim

# --- Build: every dependency, then the production bundle -------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx react-router build

# --- Run: production dependencies, the bundle, and what the server reads at run time ----------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    GLIBC_TUNABLES=glibc.malloc.arena_max=1:glibc.malloc.mmap_threshold=32768:glibc.malloc.trim_threshold=131072 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build ./build
# The launcher, and the sources Node runs as they are: the operational commands (db:migrate, db:backup,
# db:restore) and the birth preferences PDF's worker thread (package.json "imports", decision 0023).
COPY server/start.ts ./server/start.ts
COPY app ./app
COPY db ./db
COPY scripts ./scripts
# Demo recordings and guides, copied into DATA_DIR/media on first start (unless media is on S3).
COPY content/audio ./content/audio
COPY content/pdfs ./content/pdfs
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Ready means the database answers too; a failing check makes the orchestrator replace the container.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# As `npm run serve`: the allocator settings above (GLIBC_TUNABLES), a small young generation and
# heap growth sized for a server (docs/performance.md).
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=30", "server/start.ts"]
