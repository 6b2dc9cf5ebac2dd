# syntax=docker/dockerfile:1
# Petstore: a multi-stage build on Node 26 (Debian slim). The image runs the compiled service as the
# unprivileged "node" user with production dependencies only; see deploy/ for Kubernetes and compose.

FROM node:26-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm settings (a private registry, a proxy's CA as `cafile`) come from a build secret, never from a
# layer: `docker build --secret id=npmrc,src=$HOME/.npmrc .` (optional). npm's cache is a cache mount.
RUN --mount=type=secret,id=npmrc,target=/root/.npmrc,required=false \
    --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json nest-cli.json ormconfig.ts ./
COPY src ./src
RUN npm run build

FROM node:26-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=secret,id=npmrc,target=/root/.npmrc,required=false \
    --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --no-audit --no-fund

FROM node:26-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
# The embedded SQLite default writes data/ under the working directory.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness: /healthz answers 200 while the process serves HTTP (no database check).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node directly (not npm), so SIGTERM reaches the service and its graceful shutdown runs.
CMD ["node", "dist/src/main.js"]
