#!/bin/sh
# The official postgres image's contract, for Debian's PostgreSQL: POSTGRES_USER, POSTGRES_PASSWORD and
# POSTGRES_DB make the cluster in PGDATA (a volume) on its first start; later starts use what is there.
set -eu
: "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then echo "postgres: set POSTGRES_PASSWORD" >&2; exit 1; fi
  password_file=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" > "$password_file"
  initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$password_file" --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$password_file"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ "$POSTGRES_DB" != postgres ]; then
    echo "CREATE DATABASE \"$POSTGRES_DB\"" | postgres --single -D "$PGDATA" postgres >/dev/null
  fi
  echo "postgres: made the cluster in $PGDATA for $POSTGRES_USER"
fi
if [ "${1:-postgres}" = postgres ]; then
  [ $# -gt 0 ] && shift
  exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
fi
exec "$@"
