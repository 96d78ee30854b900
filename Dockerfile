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
# The data volume holds the site's database and the live catalogue with its history (the
# server watches CATALOGUE_FILE; the panel and `npm run catalogue -- build` publish into it),
# so a new container or an upgrade keeps them. The daily backup goes to BACKUP_DIR, a second
# volume: mount it on another disk (docs/operations.md).
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data \
    CATALOGUE_FILE=/app/data/catalogue/catalogue.json \
    BACKUP_DIR=/app/backups
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
    && npm cache clean --force \
    && mkdir -p /app/data /app/backups \
    && chown node:node /app/data /app/backups
COPY --from=build /app/dist ./dist
# The owner's CLIs (npm run catalogue / messages / owner / backup / restore) run from dist/cli
# through this launcher; the backup needs nothing else (libsql is a production dependency).
COPY scripts/cli.mjs ./scripts/cli.mjs
COPY scripts/start-in-image.sh ./scripts/start-in-image.sh
# The catalogue the first start copies onto an empty data volume.
COPY catalogue/catalogue.json ./catalogue/catalogue.json
USER node
VOLUME ["/app/data", "/app/backups"]
EXPOSE 3000
# Slim images have no curl: Node's own fetch probes the server.
HEALTHCHECK --interval=30s --timeout=5s --start-period=15s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# sh, then exec: node is the process that gets SIGTERM.
CMD ["sh", "scripts/start-in-image.sh"]
