# syntax=docker/dockerfile:1.7
# One build, one small runtime base, one image per part (each target adds its own tree and sets its command):
#   docker build --target catalog -t shop/catalog .     (also: users, orders, gateway, paypal-stand-in)
# Every image runs one process as the unprivileged `node` user; settings come from the environment
# (README, "Settings"; deploy/ for compose and Kubernetes). A part's image holds only its production tree
# (tools/scripts/part-tree.mjs; docs/deploy.md, "Lean images"): its workspace and the libraries it uses,
# built, and the packages their dependencies reach; no test, bench, browser or build tool.

ARG NODE_IMAGE=node:24.21-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /shop
ENV NX_DAEMON=false NX_NO_CLOUD=true
COPY . .
RUN npm ci --no-audit --no-fund \
 && npx nx run-many -t build --exclude @shop/e2e-tests,@shop/system-tests,@shop/bench-load,@shop/bench-storefront \
 && for part in catalog users orders gateway paypal-stand-in; do node tools/scripts/part-tree.mjs "$part" "/parts/$part" || exit 1; done

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 \
    NODE_OPTIONS=--max-semi-space-size=2 MALLOC_MMAP_THRESHOLD_=1048576
WORKDIR /shop
USER node
# /health answers while the process lives; /ready once its database, NATS, stream and consumers are.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"

FROM runtime AS catalog
COPY --from=build --chown=root:root /parts/catalog /shop
ENV PORT=3001
EXPOSE 3001
CMD ["node", "services/catalog/dist/main.js"]

FROM runtime AS users
COPY --from=build --chown=root:root /parts/users /shop
ENV PORT=3002
EXPOSE 3002
CMD ["node", "services/users/dist/main.js"]

FROM runtime AS orders
COPY --from=build --chown=root:root /parts/orders /shop
ENV PORT=3003
EXPOSE 3003
CMD ["node", "services/orders/dist/main.js"]

# The gateway serves the built shell and the three micro-frontends (MF_REMOTES' default folders).
FROM runtime AS gateway
COPY --from=build --chown=root:root /parts/gateway /shop
ENV PORT=3000
EXPOSE 3000
CMD ["node", "services/gateway/dist/main.js"]

# Development and staging only: PayPal's REST API, offline.
FROM runtime AS paypal-stand-in
COPY --from=build --chown=root:root /parts/paypal-stand-in /shop
ENV PORT=3004 NODE_ENV=development
EXPOSE 3004
CMD ["node", "tools/paypal-stand-in/dist/main.js"]
