#!/usr/bin/env bash
# A throwaway Oracle MySQL server on 127.0.0.1, with the same commands as .ci/mariadb.sh:
#   bash .ci/mysql.sh install           installs the server once (see below); start does it too
#   eval "$(.ci/mysql.sh start)"        starts one; exports MYSQL_DIR and TEST_MYSQL_URL
#   .ci/mysql.sh stop-server DIR        stops the server process, keeping its data (outage tests)
#   .ci/mysql.sh start-server DIR       starts it again, same port and data
#   .ci/mysql.sh stop DIR               stops it and removes everything
#   eval "$(.ci/mysql.sh start-pair)"   a primary and a replica replicating it (GTID);
#                                       exports PRIMARY_DIR, REPLICA_DIR, PRIMARY_URL, REPLICA_URL
#   .ci/mysql.sh stop-pair              stops both (PRIMARY_DIR and REPLICA_DIR) and removes them
# Debian's stable release ships only MariaDB. Oracle MySQL is Debian's mysql-server-core, in its
# development release, whose C library is newer than stable's: the server runs from a root made by
# debootstrap under MYSQL_ROOT (/var/tmp/petstore-mysql-root), once, about two minutes; as root.
# Each server keeps Oracle MySQL's defaults (binary log on with sync_binlog=1,
# caching_sha2_password, utf8mb4_0900_ai_ci, strict SQL mode), as a managed service does. Every
# server takes TLS: DIR/tls/ca.pem is the CA its certificate (for 127.0.0.1) comes from.
set -euo pipefail
# shellcheck source=.ci/tls-files.sh
source "$(dirname "$0")/tls-files.sh"
ROOT=${MYSQL_ROOT:-/var/tmp/petstore-mysql-root}

install() {
  [ -x "$ROOT/usr/sbin/mysqld" ] && return 0
  mkdir -p "$(dirname "$ROOT")"
  # One installer at a time: suites running side by side may each start a server.
  exec 9>"$ROOT.lock"
  flock 9
  [ -x "$ROOT/usr/sbin/mysqld" ] && return 0
  command -v debootstrap >/dev/null 2>&1 || {
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
  }
  local mirror log=/tmp/petstore-mysql-install.log
  mirror=$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
  rm -rf "$ROOT"
  debootstrap --variant=minbase sid "$ROOT" "${mirror:-http://deb.debian.org/debian}" >"$log" 2>&1 ||
    { tail -5 "$log" >&2; echo "debootstrap of Debian's development release failed" >&2; return 1; }
  chroot "$ROOT" bash -c 'DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends mysql-server-core mysql-client-core' >>"$log" 2>&1 ||
    { tail -5 "$log" >&2; echo "installing mysql-server-core failed" >&2; return 1; }
  echo "Oracle MySQL $(chroot "$ROOT" mysqld --version | awk '{print $3}') installed in $ROOT" >&2
}

# A server directory's path as the chrooted server sees it.
inner() { echo "${1#"$ROOT"}"; }

# A temporary directory per server, as .ci/mariadb.sh gives (a server deletes `#sql*` files in its
# tmpdir when it starts).
start-server() {
  local dir=$1 port in
  port=$(cat "$dir/port")
  in=$(inner "$dir")
  rm -f "$dir/mysqld.pid"
  mkdir -p "$dir/tmp"
  # shellcheck disable=SC2046
  chroot "$ROOT" mysqld --no-defaults --user=root --datadir="$in/data" --tmpdir="$in/tmp" --port="$port" --bind-address=127.0.0.1 \
    --socket="$in/mysql.sock" --pid-file="$in/mysqld.pid" --mysqlx=OFF --secure-file-priv=NULL \
    --skip-name-resolve --innodb-buffer-pool-size=128M --max-connections=500 \
    $(cat "$dir/args" 2>/dev/null || true) >>"$dir/server.log" 2>&1 &
  for _ in $(seq 1 300); do
    chroot "$ROOT" mysqladmin --no-defaults --socket="$in/mysql.sock" -uroot ping >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  echo "Oracle MySQL did not start; see $dir/server.log" >&2
  return 1
}

stop-server() {
  local dir=$1 pid
  [ -f "$dir/mysqld.pid" ] || return 0
  pid=$(cat "$dir/mysqld.pid")
  kill "$pid" 2>/dev/null || true
  while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
}

# A new server directory under the root, with a free port and an initialized data directory; $1:
# extra mysqld arguments.
new-server() {
  local dir
  install
  mkdir -p "$ROOT/tmp"
  dir=$(mktemp -d "$ROOT/tmp/petstore-mysql.XXXXXX")
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()' >"$dir/port"
  tls-files "$dir"
  echo "--server-id=$(($(cat "$dir/port") % 100000 + 1)) $(tls-args "$(inner "$dir")") ${1:-}" >"$dir/args"
  mkdir -p "$dir/tmp"
  chroot "$ROOT" mysqld --no-defaults --initialize-insecure --user=root --datadir="$(inner "$dir")/data" \
    --tmpdir="$(inner "$dir")/tmp" >"$dir/install.log" 2>&1 ||
    { tail -5 "$dir/install.log" >&2; return 1; }
  start-server "$dir" >&2
  echo "$dir"
}

sql() {
  chroot "$ROOT" mysql --no-defaults --socket="$(inner "$1")/mysql.sock" -uroot -e "$2" >&2
}

# The service's user (caching_sha2_password, the default) and database (the server's defaults).
CREATE_PETSTORE="
  CREATE USER 'petstore'@'127.0.0.1' IDENTIFIED BY 'petstore-test';
  GRANT ALL PRIVILEGES ON *.* TO 'petstore'@'127.0.0.1' WITH GRANT OPTION;
  CREATE DATABASE petstore;"

url() { echo "mysql://petstore:petstore-test@127.0.0.1:$(cat "$1/port")/petstore"; }

start-pair() {
  local primary replica gtid="--gtid-mode=ON --enforce-gtid-consistency=ON"
  primary=$(new-server "$gtid")
  replica=$(new-server "$gtid --relay-log=relay")
  sql "$primary" "SET sql_log_bin = 0; CREATE USER 'repl'@'127.0.0.1' IDENTIFIED BY 'repl-test'; GRANT REPLICATION SLAVE ON *.* TO 'repl'@'127.0.0.1'; SET sql_log_bin = 1;"
  # GET_SOURCE_PUBLIC_KEY: caching_sha2_password over a connection without TLS.
  sql "$replica" "CHANGE REPLICATION SOURCE TO SOURCE_HOST='127.0.0.1', SOURCE_PORT=$(cat "$primary/port"), SOURCE_USER='repl', SOURCE_PASSWORD='repl-test', SOURCE_AUTO_POSITION=1, GET_SOURCE_PUBLIC_KEY=1; START REPLICA;"
  sql "$primary" "$CREATE_PETSTORE"
  for _ in $(seq 1 100); do
    chroot "$ROOT" mysql --no-defaults --socket="$(inner "$replica")/mysql.sock" -uroot -N -e "SELECT 1 FROM mysql.user WHERE user = 'petstore'" 2>/dev/null | grep -q 1 && break
    sleep 0.1
  done
  echo "export PRIMARY_DIR='$primary' REPLICA_DIR='$replica'"
  echo "export PRIMARY_URL='$(url "$primary")'"
  echo "export REPLICA_URL='$(url "$replica")'"
}

stop-pair() {
  stop "$REPLICA_DIR"
  stop "$PRIMARY_DIR"
}

# $MYSQL_SERVER_ARGS: extra mysqld arguments for the server `start` makes (the binlog bench:
# --disable-log-bin).
start() {
  local dir
  dir=$(new-server "${MYSQL_SERVER_ARGS:-}")
  sql "$dir" "$CREATE_PETSTORE"
  echo "export MYSQL_DIR='$dir'"
  echo "export TEST_MYSQL_URL='$(url "$dir")'"
}

stop() {
  stop-server "$1"
  rm -rf "$1"
}

"$@"
