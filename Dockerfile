# Production image: the app on Node.js 24 LTS (supported until 30 April 2028) with its built web assets. PostgreSQL and Redis are separate
# services (see docker-compose.yml and docs/deploy.md). .dockerignore keeps the host's node_modules,
# data and secrets out of the build context.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The web app and the compiled server (dist/server): production runs JavaScript, no transpiler.
RUN npm run build -- --logLevel warn

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=5000 HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json tsconfig.json ./
COPY src ./src
COPY scripts ./scripts
USER node
EXPOSE 5000
HEALTHCHECK --interval=15s --timeout=3s --retries=3 CMD node -e "fetch('http://127.0.0.1:5000/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Node is PID 1 and handles SIGTERM itself: it drains requests and background jobs, then exits
# (25 s at most; give the container at least 30 s to stop).
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=2", "--heap-growing-percent=25", "--enable-source-maps", "dist/server/server.js"]
