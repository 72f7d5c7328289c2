# Source this file (`. deploy/podman/env.sh`) before podman or podman-compose on these machines: it points
# podman at deploy/podman/containers.conf (runc, cgroupfs, no default ulimits) and names the local base
# images (deploy/podman/base-images.sh makes them) that stand in for the public ones no registry gives here.
shop_podman_dir=$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")" && pwd)
export CONTAINERS_CONF="$shop_podman_dir/containers.conf"
export NODE_IMAGE="${NODE_IMAGE:-localhost/shop-base/node:24.21}"
export POSTGRES_IMAGE="${POSTGRES_IMAGE:-localhost/shop-base/postgres:15}"
export NATS_IMAGE="${NATS_IMAGE:-localhost/shop-base/nats:2.9}"
unset shop_podman_dir
