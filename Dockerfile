# syntax=docker/dockerfile:1
# The portal as an image: built once in the first stage, run from the build output and the
# production dependencies only. CI proves the same steps without Docker: scripts/prove-deploy.mjs.

FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build

FROM node:24.21.0-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# pg_dump and pg_restore 17 for `npm run backup`/`restore` (Debian's own are 15, which cannot dump
# PostgreSQL 17), from the PostgreSQL project's apt repository; tini as PID 1 (signals, zombies).
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates curl tini \
    && install -d /usr/share/postgresql-common/pgdg \
    && curl -fsSLo /usr/share/postgresql-common/pgdg/apt.postgresql.org.asc https://www.postgresql.org/media/keys/ACCC4CF8.asc \
    && echo "deb [signed-by=/usr/share/postgresql-common/pgdg/apt.postgresql.org.asc] https://apt.postgresql.org/pub/repos/apt bookworm-pgdg main" > /etc/apt/sources.list.d/pgdg.list \
    && apt-get update \
    && apt-get install -y --no-install-recommends postgresql-client-17 \
    && apt-get purge -y curl && apt-get autoremove -y \
    && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# --ignore-scripts: `prepare` would build, which needs the development dependencies; the native
# modules then pick their prebuilt binaries.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
    && npm rebuild argon2 sharp \
    && npm cache clean --force \
    && mkdir -p /data && chown node:node /data
COPY --from=build /app/dist ./dist
COPY --from=build /app/drizzle ./drizzle
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# tini as PID 1 passes SIGTERM to node, which drains and stops, and reaps any child.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/server/main.js"]
