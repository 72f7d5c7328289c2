# syntax=docker/dockerfile:1.7
# One build, one small runtime base, one image per part (each target adds its own tree and sets its command):
#   docker build --target catalog -t shop/catalog .     (also: users, orders, storefront, gateway, paypal-stand-in)
# Every image runs one process as the unprivileged `node` user; settings come from the environment
# (README, "Settings"; deploy/ for compose and Kubernetes). A part's image holds only its production tree
# (tools/scripts/part-tree.mjs; docs/deploy.md, "Lean images"): its workspace and the libraries it uses,
# built, and the packages their dependencies reach; no test, bench, browser or build tool. The storefront
# server renders and serves the pages behind the gateway (docs/storefront.md): a part of its own, so pages
# scale and fail apart from the API.

ARG NODE_IMAGE=node:24.21-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /shop
ENV NX_DAEMON=false NX_NO_CLOUD=true
COPY . .
RUN npm ci --no-audit --no-fund \
 && npx nx run-many -t build --exclude @shop/e2e-tests,@shop/system-tests,@shop/bench-load,@shop/bench-storefront \
 && for part in catalog users orders storefront gateway paypal-stand-in; do node tools/scripts/part-tree.mjs "$part" "/parts/$part" || exit 1; done

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 \
    NODE_OPTIONS=--max-semi-space-size=2 MALLOC_MMAP_THRESHOLD_=1048576
WORKDIR /shop
USER node
# /health answers while the process lives; /ready once its database, NATS, stream and consumers are (the
# storefront server's and the gateway's, which hold neither, once they serve).
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

# The pages: server renders from the shell's and the micro-frontends' builds (SHELL_DIR's and MF_REMOTES'
# default folders), their files, sitemaps, the plain forms, page reports and the Releases API. No database,
# no NATS; /health, /ready and /metrics on PORT, as the services (the gateway never forwards them).
FROM runtime AS storefront
COPY --from=build --chown=root:root /parts/storefront /shop
ENV PORT=3004
EXPOSE 3004
CMD ["node", "services/storefront/dist/main.js"]

# The edge: the API's routes to the services, everything else to the storefront server. It keeps the
# front ends' builds too, to serve the shell's page and the current builds' files itself while no
# storefront server answers (docs/gateway.md, "While the storefront server is down").
FROM runtime AS gateway
COPY --from=build --chown=root:root /parts/gateway /shop
ENV PORT=3000
EXPOSE 3000
CMD ["node", "services/gateway/dist/main.js"]

# Development and staging only: PayPal's REST API, offline. (Its 3004 is the storefront server's too:
# each listens in a container of its own.)
FROM runtime AS paypal-stand-in
COPY --from=build --chown=root:root /parts/paypal-stand-in /shop
ENV PORT=3004 NODE_ENV=development
EXPOSE 3004
CMD ["node", "tools/paypal-stand-in/dist/main.js"]
