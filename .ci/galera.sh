#!/usr/bin/env bash
# A throwaway MariaDB Galera Cluster (Debian's mariadb-server and galera-4): three nodes on 127.0.0.1
# behind HAProxy in TCP mode, writes to node 1 and, while it is down, to the backups 2 and 3, as
# Galera's documentation shows. A node is up for the proxy only while it is Synced
# (wsrep_local_state 4), read by an agent check (galera-agent.py), never by mysql-check alone.
#   eval "$(.ci/galera.sh start)"      starts the cluster and the proxy; exports GALERA_DIR,
#                                       GALERA_URL (the proxy) and GALERA_NODE_URLS (the nodes)
#   .ci/galera.sh stop-node DIR N       SIGKILLs node N (1 to 3), keeping its data
#   .ci/galera.sh start-node DIR N      starts node N again; it rejoins by IST or SST
#   .ci/galera.sh stop DIR              stops everything and removes it
set -euo pipefail

NODES=(1 2 3)

free-port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# Each node: its SQL port, Galera's group port (base_port), IST and SST ports, and the agent's port.
node-port() { cat "$1/node$2/$3"; }

start-node() {
  local dir=$1 n=$2 new=${3:-} node addresses=""
  node="$dir/node$n"
  for m in "${NODES[@]}"; do addresses+="${addresses:+,}127.0.0.1:$(node-port "$dir" "$m" gcomm)"; done
  # rsync state transfer runs as the server's user: the node's files are mysql's.
  mariadbd --no-defaults --user=mysql --datadir="$node/data" --socket="$node/mysql.sock" \
    --port="$(node-port "$dir" "$n" sql)" --bind-address=127.0.0.1 --tmpdir="$node/tmp" \
    --pid-file="$node/mariadbd.pid" --skip-name-resolve --innodb-buffer-pool-size=128M \
    --character-set-server=utf8mb4 --collation-server=utf8mb4_bin \
    --binlog-format=ROW --default-storage-engine=InnoDB --innodb-autoinc-lock-mode=2 \
    --wsrep-on=ON --wsrep-provider=/usr/lib/galera/libgalera_smm.so --wsrep-cluster-name=petstore \
    --wsrep-cluster-address="gcomm://$addresses" --wsrep-node-name="node$n" \
    --wsrep-node-address="127.0.0.1:$(node-port "$dir" "$n" gcomm)" \
    --wsrep-provider-options="base_port=$(node-port "$dir" "$n" gcomm);ist.recv_addr=127.0.0.1:$(node-port "$dir" "$n" ist)" \
    --wsrep-sst-receive-address="127.0.0.1:$(node-port "$dir" "$n" sst)" --wsrep-sst-method=rsync \
    $new >>"$node/server.log" 2>&1 &
  for _ in $(seq 1 600); do
    [ "$(state "$dir" "$n")" = 4 ] && return 0
    sleep 0.2
  done
  echo "Galera node $n did not reach Synced; see $node/server.log" >&2
  return 1
}

state() {
  mariadb --no-defaults --socket="$1/node$2/mysql.sock" -uroot -N -e "SHOW STATUS LIKE 'wsrep_local_state'" 2>/dev/null | awk '{print $2}'
}

stop-node() {
  local pidfile="$1/node$2/mariadbd.pid"
  [ -f "$pidfile" ] || return 0
  kill -KILL "$(cat "$pidfile")" 2>/dev/null || true
  rm -f "$pidfile"
}

start() {
  local dir
  dir=$(mktemp -d /tmp/petstore-galera.XXXXXX)
  chmod 755 "$dir"
  for n in "${NODES[@]}"; do
    mkdir -p "$dir/node$n/tmp"
    for port in sql gcomm ist sst agent; do free-port >"$dir/node$n/$port"; done
    chown -R mysql:mysql "$dir/node$n"
    mariadb-install-db --no-defaults --datadir="$dir/node$n/data" --tmpdir="$dir/node$n/tmp" --user=mysql \
      --auth-root-authentication-method=normal >"$dir/node$n/install.log" 2>&1
  done
  start-node "$dir" 1 --wsrep-new-cluster >&2
  mariadb --no-defaults --socket="$dir/node1/mysql.sock" -uroot -e "
    CREATE USER 'petstore'@'127.0.0.1' IDENTIFIED BY 'petstore-test';
    GRANT ALL PRIVILEGES ON *.* TO 'petstore'@'127.0.0.1' WITH GRANT OPTION;
    CREATE DATABASE petstore CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;" >&2
  start-node "$dir" 2 >&2
  start-node "$dir" 3 >&2
  free-port >"$dir/proxy-port"
  python3 "$(dirname "$0")/galera-agent.py" "$dir" >"$dir/agent.log" 2>&1 &
  echo $! >"$dir/agent.pid"
  {
    echo "global"
    echo "  maxconn 4096"
    echo "defaults"
    echo "  mode tcp"
    echo "  timeout connect 2s"
    echo "  timeout client 1h"
    echo "  timeout server 1h"
    echo "listen galera"
    echo "  bind 127.0.0.1:$(cat "$dir/proxy-port")"
    echo "  option mysql-check user haproxy_check"
    for n in "${NODES[@]}"; do
      echo "  server node$n 127.0.0.1:$(node-port "$dir" "$n" sql) check inter 500 rise 1 fall 1 agent-check agent-port $(node-port "$dir" "$n" agent) agent-inter 500 $([ "$n" = 1 ] || echo backup) on-marked-down shutdown-sessions"
    done
  } >"$dir/haproxy.cfg"
  mariadb --no-defaults --socket="$dir/node1/mysql.sock" -uroot -e "CREATE USER 'haproxy_check'@'127.0.0.1';" >&2
  haproxy -f "$dir/haproxy.cfg" -D -p "$dir/haproxy.pid" >&2
  local urls=""
  for n in "${NODES[@]}"; do urls+="${urls:+,}mariadb://petstore:petstore-test@127.0.0.1:$(node-port "$dir" "$n" sql)/petstore"; done
  echo "export GALERA_DIR='$dir'"
  echo "export GALERA_URL='mariadb://petstore:petstore-test@127.0.0.1:$(cat "$dir/proxy-port")/petstore'"
  echo "export GALERA_NODE_URLS='$urls'"
}

stop() {
  local dir=$1
  [ -f "$dir/haproxy.pid" ] && kill "$(cat "$dir/haproxy.pid")" 2>/dev/null || true
  [ -f "$dir/agent.pid" ] && kill "$(cat "$dir/agent.pid")" 2>/dev/null || true
  for n in "${NODES[@]}"; do stop-node "$dir" "$n"; done
  rm -rf "$dir"
}

command=${1:?"usage: $0 start | stop DIR | stop-node DIR N | start-node DIR N"}
shift
case "$command" in
  start) start ;;
  stop) stop "$@" ;;
  stop-node) stop-node "$@" ;;
  start-node) start-node "$@" >&2 ;;
  *) echo "unknown command $command" >&2; exit 2 ;;
esac
