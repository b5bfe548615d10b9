# syntax=docker/dockerfile:1
# Platter for the scale-out topology (docs/deploy.md); compose.yaml runs two of these behind nginx.
# NOT BUILT HERE: the machine this was written on has no Docker engine. It is kept in step with the
# two-instance loopback test (apps/server/test/scale-out), which runs the same server the same way.
#
#   docker build -t platter .
#   docker run -p 8080:8080 -v platter-data:/data platter            # the embedded default
#   docker compose up                                                # the scale-out topology

ARG NODE_IMAGE=node:24-bookworm-slim

# ── build: every dependency (dev included), then the shared and demo-music packages, the server and the web app ──
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/demo-music/package.json packages/demo-music/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# --ignore-scripts: the root `prepare` would build before the sources are copied. Nothing native
# compiles: better-sqlite3 and sharp carry prebuilt binaries in their npm packages; esbuild's
# install script only checks its platform binary, rebuilt here all the same.
RUN npm ci --ignore-scripts && npm rebuild esbuild
COPY tsconfig.base.json ./
COPY scripts scripts
COPY packages/shared packages/shared
COPY packages/demo-music packages/demo-music
COPY apps/server apps/server
COPY apps/web apps/web
RUN npm run build

# ── deps: production dependencies of the server and the shared and demo-music packages only ──
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/demo-music/package.json packages/demo-music/
COPY apps/server/package.json apps/server/
RUN npm ci --omit=dev --ignore-scripts -w @platter/server -w @platter/shared -w @platter/demo-music

# ── runtime: node, production node_modules and the four build outputs; no compiler, no sources ──
FROM ${NODE_IMAGE} AS runtime
# Debian's ffmpeg is the media engine (loudness, renditions); MEDIA_ENGINE=system refuses to start
# on the old build the npm package ships rather than fall back to it.
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    MEDIA_ENGINE=system
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/package.json ./
COPY packages/shared/package.json packages/shared/
COPY --from=build /app/packages/shared/dist packages/shared/dist
# The demo generator's worker threads start from packages/demo-music/dist/demo.worker.js.
COPY packages/demo-music/package.json packages/demo-music/
COPY --from=build /app/packages/demo-music/dist packages/demo-music/dist
COPY apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# The non-root user `node` (uid 1000) of the official image owns DATA_DIR and nothing else.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# Liveness only (cheap, no dependency checks); load balancers should use /api/ready for readiness.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM reaches node directly (exec form): it ends live-event streams and exits within SHUTDOWN_TIMEOUT_SECONDS.
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/server.js"]
