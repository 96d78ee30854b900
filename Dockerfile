# syntax=docker/dockerfile:1
# Node 26 is the active LTS line (LTS since 2026-10-28), pinned to a patch release: CI runs every
# test on this exact version (.ci/run reads it from here). Pin a digest too
# (node:26.10.0-trixie-slim@sha256:...) where builds must be byte-for-byte reproducible.
ARG NODE_IMAGE=node:26.10.0-trixie-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: no dependency install script runs (esbuild's and vnu-jar's postinstalls
# fetch or check binaries; package.json's allowScripts denies them too). The build needs none.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
    && npm cache clean --force \
    && mkdir -p /app/data /app/catalogue \
    && chown node:node /app/data /app/catalogue
COPY --from=build /app/dist ./dist
# The owner's CLIs (npm run catalogue / messages) run from dist/cli through this launcher.
COPY scripts/cli.mjs ./scripts/cli.mjs
# The server watches this file (CATALOGUE_FILE, default catalogue/catalogue.json) and serves a
# new one without a restart; `npm run catalogue -- build` writes it as the node user (a temporary
# file renamed over it, so the folder is writable too).
COPY --chown=node:node catalogue/catalogue.json ./catalogue/catalogue.json
USER node
VOLUME /app/data
EXPOSE 3000
# Slim images have no curl: Node's own fetch probes the server.
HEALTHCHECK --interval=30s --timeout=5s --start-period=15s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/server/index.js"]
