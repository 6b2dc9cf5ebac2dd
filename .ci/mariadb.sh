#!/usr/bin/env bash
# Starts a throwaway MariaDB server (Debian's packages) on 127.0.0.1 in a temporary directory and
# prints the TEST_MYSQL_URL for it. Usage: eval "$(.ci/mariadb.sh start)"; ... ; .ci/mariadb.sh stop "$MARIADB_DIR"
set -euo pipefail

start() {
  local dir port
  dir=$(mktemp -d /tmp/petstore-mariadb.XXXXXX)
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
  mariadb-install-db --no-defaults --datadir="$dir/data" --user=root --auth-root-authentication-method=normal >"$dir/install.log" 2>&1
  mariadbd --no-defaults --datadir="$dir/data" --socket="$dir/mysql.sock" --port="$port" --bind-address=127.0.0.1 \
    --user=root --pid-file="$dir/mariadbd.pid" --skip-name-resolve --innodb-buffer-pool-size=128M \
    --character-set-server=utf8mb4 --collation-server=utf8mb4_bin >"$dir/server.log" 2>&1 &
  for _ in $(seq 1 100); do
    mariadb-admin --no-defaults --socket="$dir/mysql.sock" -uroot ping >/dev/null 2>&1 && break
    sleep 0.2
  done
  mariadb --no-defaults --socket="$dir/mysql.sock" -uroot -e "
    CREATE USER 'petstore'@'127.0.0.1' IDENTIFIED BY 'petstore-test';
    GRANT ALL PRIVILEGES ON *.* TO 'petstore'@'127.0.0.1';
    CREATE DATABASE petstore CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;" >&2
  echo "export MARIADB_DIR='$dir'"
  echo "export TEST_MYSQL_URL='mysql://petstore:petstore-test@127.0.0.1:$port/petstore'"
}

stop() {
  local dir=$1
  [ -f "$dir/mariadbd.pid" ] && kill "$(cat "$dir/mariadbd.pid")" 2>/dev/null || true
  for _ in $(seq 1 50); do [ -f "$dir/mariadbd.pid" ] || break; sleep 0.2; done
  rm -rf "$dir"
}

"$@"
