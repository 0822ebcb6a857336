# One image for api, worker, web and the migrate/seed job: the workspace built once.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs ./libs
COPY services ./services
COPY web ./web
COPY infra/opensearch ./infra/opensearch
COPY nx.json tsconfig.base.json jest.preset.js eslint.config.mjs ./
RUN npm ci --no-audit --no-fund
ENV NX_DAEMON=false NX_TUI=false NEXT_TELEMETRY_DISABLED=1
RUN npx nx run-many -t build -p api worker web seed

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1
COPY --from=build /app /app
RUN npm prune --omit=dev --no-audit --no-fund
USER node
