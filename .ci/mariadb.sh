#!/usr/bin/env bash
# A throwaway MariaDB server (Debian's packages) on 127.0.0.1 in a temporary directory.
#   eval "$(.ci/mariadb.sh start)"      starts one; exports MARIADB_DIR and TEST_MYSQL_URL
#   .ci/mariadb.sh stop-server DIR      stops the server process, keeping its data (outage tests)
#   .ci/mariadb.sh start-server DIR     starts it again, same port and data
#   .ci/mariadb.sh stop DIR             stops it and removes everything
#   eval "$(.ci/mariadb.sh start-pair)" a primary (binlog) and a replica replicating it (GTID);
#                                       exports PRIMARY_DIR, REPLICA_DIR, PRIMARY_URL, REPLICA_URL
#   .ci/mariadb.sh stop-pair            stops both (PRIMARY_DIR and REPLICA_DIR) and removes them
# Every server takes TLS: DIR/tls/ca.pem is the CA its certificate (for 127.0.0.1) comes from.
set -euo pipefail
# shellcheck source=.ci/tls-files.sh
source "$(dirname "$0")/tls-files.sh"

# Each server has a temporary directory of its own: MariaDB deletes every `#sql*` file in its tmpdir
# when it starts (and when mariadb-install-db runs), and another server's on-disk temporary table
# deleted between its creation and opening crashes that server (signal 11 in ha_maria::drop_table).
start-server() {
  local dir=$1 port
  port=$(cat "$dir/port")
  mkdir -p "$dir/tmp"
  mariadbd --no-defaults --datadir="$dir/data" --socket="$dir/mysql.sock" --port="$port" --bind-address=127.0.0.1 \
    --tmpdir="$dir/tmp" --user=root --pid-file="$dir/mariadbd.pid" --skip-name-resolve --innodb-buffer-pool-size=128M \
    --character-set-server=utf8mb4 --collation-server=utf8mb4_bin $(cat "$dir/args" 2>/dev/null || true) >>"$dir/server.log" 2>&1 &
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

# A new server directory with a free port and an installed data directory; $1: extra mariadbd arguments.
new-server() {
  local dir
  dir=$(mktemp -d /tmp/petstore-mariadb.XXXXXX)
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()' >"$dir/port"
  tls-files "$dir"
  echo "$(tls-args "$dir") ${1:-}" >"$dir/args"
  mkdir -p "$dir/tmp"
  mariadb-install-db --no-defaults --datadir="$dir/data" --tmpdir="$dir/tmp" --user=root --auth-root-authentication-method=normal >"$dir/install.log" 2>&1
  start-server "$dir" >&2
  echo "$dir"
}

sql() {
  mariadb --no-defaults --socket="$1/mysql.sock" -uroot -e "$2" >&2
}

start-pair() {
  local primary replica
  primary=$(new-server "--log-bin=binlog --server-id=1 --binlog-format=ROW")
  replica=$(new-server "--server-id=2 --relay-log=relay")
  # The replication user is the primary's own; everything after it replicates, users and databases too.
  sql "$primary" "SET sql_log_bin = 0; CREATE USER 'repl'@'127.0.0.1' IDENTIFIED BY 'repl-test'; GRANT REPLICATION SLAVE ON *.* TO 'repl'@'127.0.0.1'; SET sql_log_bin = 1;"
  sql "$replica" "CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=$(cat "$primary/port"), MASTER_USER='repl', MASTER_PASSWORD='repl-test', MASTER_USE_GTID=slave_pos; START SLAVE;"
  sql "$primary" "
    CREATE USER 'petstore'@'127.0.0.1' IDENTIFIED BY 'petstore-test';
    GRANT ALL PRIVILEGES ON *.* TO 'petstore'@'127.0.0.1' WITH GRANT OPTION;
    CREATE DATABASE petstore CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;"
  for _ in $(seq 1 100); do
    mariadb --no-defaults --socket="$replica/mysql.sock" -uroot -N -e "SELECT 1 FROM mysql.user WHERE user = 'petstore'" 2>/dev/null | grep -q 1 && break
    sleep 0.1
  done
  echo "export PRIMARY_DIR='$primary' REPLICA_DIR='$replica'"
  echo "export PRIMARY_URL='mariadb://petstore:petstore-test@127.0.0.1:$(cat "$primary/port")/petstore'"
  echo "export REPLICA_URL='mariadb://petstore:petstore-test@127.0.0.1:$(cat "$replica/port")/petstore'"
}

stop-pair() {
  stop "$REPLICA_DIR"
  stop "$PRIMARY_DIR"
}

# $MARIADB_SERVER_ARGS: extra mariadbd arguments for the server `start` makes (the binlog bench:
# --log-bin=binlog --sync-binlog=1).
start() {
  local dir
  dir=$(new-server "${MARIADB_SERVER_ARGS:-}")
  mariadb --no-defaults --socket="$dir/mysql.sock" -uroot -e "
    CREATE USER 'petstore'@'127.0.0.1' IDENTIFIED BY 'petstore-test';
    GRANT ALL PRIVILEGES ON *.* TO 'petstore'@'127.0.0.1' WITH GRANT OPTION;
    CREATE DATABASE petstore CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;" >&2
  echo "export MARIADB_DIR='$dir'"
  echo "export TEST_MYSQL_URL='mariadb://petstore:petstore-test@127.0.0.1:$(cat "$dir/port")/petstore'"
}

stop() {
  stop-server "$1"
  rm -rf "$1"
}

"$@"
