#!/usr/bin/env bash
# A throwaway MariaDB server (Debian's packages) on 127.0.0.1 in a temporary directory.
#   eval "$(.ci/mariadb.sh start)"      starts one; exports MARIADB_DIR and TEST_MYSQL_URL
#   .ci/mariadb.sh stop-server DIR      stops the server process, keeping its data (outage tests)
#   .ci/mariadb.sh start-server DIR     starts it again, same port and data
#   .ci/mariadb.sh stop DIR             stops it and removes everything
set -euo pipefail

start-server() {
  local dir=$1 port
  port=$(cat "$dir/port")
  mariadbd --no-defaults --datadir="$dir/data" --socket="$dir/mysql.sock" --port="$port" --bind-address=127.0.0.1 \
    --user=root --pid-file="$dir/mariadbd.pid" --skip-name-resolve --innodb-buffer-pool-size=128M \
    --character-set-server=utf8mb4 --collation-server=utf8mb4_bin >>"$dir/server.log" 2>&1 &
  for _ in $(seq 1 150); do
    mariadb-admin --no-defaults --socket="$dir/mysql.sock" -uroot ping >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  echo "MariaDB did not start; see $dir/server.log" >&2
  return 1
}

stop-server() {
  local dir=$1 pid
  [ -f "$dir/mariadbd.pid" ] || return 0
  pid=$(cat "$dir/mariadbd.pid")
  kill "$pid" 2>/dev/null || true
  while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
}

start() {
  local dir
  dir=$(mktemp -d /tmp/petstore-mariadb.XXXXXX)
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()' >"$dir/port"
  mariadb-install-db --no-defaults --datadir="$dir/data" --user=root --auth-root-authentication-method=normal >"$dir/install.log" 2>&1
  start-server "$dir" >&2
  mariadb --no-defaults --socket="$dir/mysql.sock" -uroot -e "
    CREATE USER 'petstore'@'127.0.0.1' IDENTIFIED BY 'petstore-test';
    GRANT ALL PRIVILEGES ON *.* TO 'petstore'@'127.0.0.1';
    CREATE DATABASE petstore CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;" >&2
  echo "export MARIADB_DIR='$dir'"
  echo "export TEST_MYSQL_URL='mariadb://petstore:petstore-test@127.0.0.1:$(cat "$dir/port")/petstore'"
}

stop() {
  stop-server "$1"
  rm -rf "$1"
}

"$@"
