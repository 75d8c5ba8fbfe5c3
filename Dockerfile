# Halcyon in a container: built once, run against PostgreSQL (see docker-compose.yml).
FROM node:20-bookworm-slim AS build
# better-sqlite3 compiles from source; pnpm 10 comes from the npm registry.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/* \
 && npm install -g pnpm@10
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile \
 && pnpm exec turbo run build --filter=@halcyon/api --filter=@halcyon/web \
 && pnpm prune --prod

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s \
  CMD node -e "fetch('http://127.0.0.1:3000/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The same Node flags as apps/api's `pnpm serve` (the README's Memory note says why).
CMD ["node", "--max-semi-space-size=32", "apps/api/dist/server.js"]
