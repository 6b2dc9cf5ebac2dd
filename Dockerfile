# syntax=docker/dockerfile:1
# Petstore: a multi-stage build on Node 26 (Debian slim). The image runs the compiled service as the
# unprivileged user 1000 with production dependencies only; see deploy/ and docs/deploying.md.

# The base: the Node release CI tests (.ci/node/package.json) on the Debian release CI runs, bumped
# together (test/deploy-files checks it). NODE_IMAGE is that pair's exact tag, so `docker build .`
# builds what CI tested; give a mirror's copy of it (or a digest) with --build-arg NODE_IMAGE=.
ARG NODE_VERSION=26.10.0
ARG DEBIAN_RELEASE=bookworm
ARG NODE_IMAGE=node:26.10.0-bookworm-slim

FROM ${NODE_IMAGE} AS base
ARG NODE_VERSION
ARG DEBIAN_RELEASE
# Any other Node or Debian release fails the build here rather than ship an image CI never tested.
RUN . /etc/os-release \
    && if [ "$(node --version)" != "v${NODE_VERSION}" ] || [ "${VERSION_CODENAME}" != "${DEBIAN_RELEASE}" ]; then \
      echo "base image has Node $(node --version) on Debian ${VERSION_CODENAME}; this Dockerfile pins" \
        "Node ${NODE_VERSION} on ${DEBIAN_RELEASE}: build with --build-arg" \
        "NODE_IMAGE=node:${NODE_VERSION}-${DEBIAN_RELEASE}-slim, or bump the pins with CI's" >&2; \
      exit 1; \
    fi

FROM base AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm settings and a CA (both optional) come from build secrets, never from a layer: `--secret
# id=npmrc,src=…` and `--secret id=npm-ca,src=…` with `cafile=/run/secrets/npm-ca` in that npmrc.
RUN --mount=type=secret,id=npmrc,target=/root/.npmrc,required=false \
    --mount=type=secret,id=npm-ca,required=false \
    --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json .swcrc ormconfig.ts ./
COPY src ./src
RUN npm run build

FROM base AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
# --omit=optional drops TypeScript (an optional peer of @nestjs/swagger, only for its build plugin).
# Then what Node never loads here: source maps, type declarations, TypeORM's browser build, and
# better-sqlite3's C sources and its prebuilt addons for other platforms.
RUN --mount=type=secret,id=npmrc,target=/root/.npmrc,required=false \
    --mount=type=secret,id=npm-ca,required=false \
    --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --omit=optional --no-audit --no-fund \
    && find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \) -delete \
    && rm -rf node_modules/typeorm/browser node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
    && find node_modules/better-sqlite3/prebuilds -type f \
      ! -name "$(node -p 'process.platform + "-" + process.arch').node" -delete

FROM base
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
# The embedded SQLite default writes data/ under the working directory: mount a volume there.
RUN mkdir -p /app/data && chown 1000:1000 /app/data
# Numeric (the base's "node" user), so Kubernetes' runAsNonRoot can verify it without runAsUser.
USER 1000:1000
EXPOSE 3000
# Liveness: /healthz answers 200 while the process serves HTTP (no database check). OCI-format
# builds (podman and buildah by default) drop it: build those with --format docker.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node directly (not npm), so SIGTERM reaches the service and its graceful shutdown runs; the
# --import entry turns tracing on when OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/operations.md).
CMD ["node", "--import", "./dist/src/telemetry/instrument.js", "dist/src/main.js"]
