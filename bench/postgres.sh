#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the benchmarks, on 127.0.0.1 only (like .ci/run does for the tests).
#   bench/postgres.sh start DIR [PORT]   initdb in DIR (if new) and start (a free port unless given); prints the DATABASE_URL
#   bench/postgres.sh stop DIR           stop the cluster (the files stay until you rm -rf DIR)
# Settings are a small production box's, not the defaults: 1 GB shared_buffers, effective_cache_size 8 GB,
# JIT off (it adds tens of milliseconds to short queries with large row estimates). Durability is off:
# the data is generated and thrown away.
set -euo pipefail
CMD="${1:?start|stop}"
DIR="$(realpath -m "${2:?cluster directory}")"
PORT="${3:-}"
if [ -z "$PORT" ] && [ -f "$DIR/port" ]; then PORT="$(cat "$DIR/port")"; fi
if [ -z "$PORT" ]; then
  PORT="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
fi
PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r | head -1)"
[ -x "$PG_BIN/pg_ctl" ] || { echo "PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 1; }
PG_USER="$(id -un)"
if [ "$(id -u)" -eq 0 ]; then PG_USER=postgres; fi
as_pg() { if [ "$(id -un)" = "$PG_USER" ]; then "$@"; else runuser -u "$PG_USER" -- "$@"; fi; }

case "$CMD" in
  start)
    if [ ! -f "$DIR/data/PG_VERSION" ]; then
      mkdir -p "$DIR/sock"
      [ "$(id -u)" -eq 0 ] && chown -R "$PG_USER" "$DIR"
      as_pg "$PG_BIN/initdb" -D "$DIR/data" -U postgres --auth=trust --encoding=UTF8 --locale=C >"$DIR/initdb.log"
    fi
    as_pg "$PG_BIN/pg_ctl" -D "$DIR/data" -l "$DIR/postgres.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $PORT -c unix_socket_directories=$DIR/sock -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=3GB -c effective_cache_size=8GB -c maintenance_work_mem=512MB -c work_mem=16MB -c jit=off -c max_wal_size=4GB" \
      start >/dev/null
    echo "$PORT" >"$DIR/port"
    as_pg psql -h "$DIR/sock" -p "$PORT" -U postgres -tAc "select 1 from pg_database where datname='bench'" | grep -q 1 \
      || as_pg psql -h "$DIR/sock" -p "$PORT" -U postgres -qc "create database bench"
    echo "postgres://postgres@127.0.0.1:$PORT/bench"
    ;;
  stop)
    as_pg "$PG_BIN/pg_ctl" -D "$DIR/data" -m fast -w -t 60 stop
    ;;
  *) echo "usage: $0 start|stop DIR [PORT]" >&2; exit 2 ;;
esac
