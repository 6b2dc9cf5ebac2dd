#!/usr/bin/env bash
# Compose's entry point as compose runs it, on a machine without Docker Hub (podman):
#
#   ../shared/tools/container/build-and-run.sh   # first: builds petstore:test from the Dockerfile
#   bash .ci/compose-proxy.sh                    # then: the proxy in front of two instances
#
# 1. A stand-in for docker.io/library/haproxy:2.6.12 (the tag compose pins): the debootstrap tree
#    that build-and-run.sh caches, Debian's haproxy package (2.6.12, the version compose pins), laid
#    out as the official image is: /usr/local/sbin/haproxy, /usr/local/etc/haproxy, user haproxy,
#    its docker-entrypoint.sh (haproxy -W -db), STOPSIGNAL SIGUSR1. Cached by a label.
# 2. compose's topology: a network of its own, petstore-1 and petstore-2 (petstore:test, compose's
#    environment but for RATE_LIMIT, as the load is one key's; no ports), and the proxy named by its image with deploy/haproxy/ mounted at the
#    official paths, unchanged, published on 127.0.0.1. MariaDB and Redis are Debian's, on the host,
#    reached through the network's gateway (compose's own run them in containers).
# 3. Under load (wrk, reads and writes with an Idempotency-Key), each instance stopped (SIGTERM, the
#    drain) and started again in turn: no answer but 2xx, no socket error. Then both stopped: 503 in
#    the Error shape with Retry-After. Then the proxy stopped: it exits 0.
# Last line: "compose-proxy: holds ..." (exit 0) or "compose-proxy: fails ..." (exit 1).
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${CACHE:-/var/tmp/petstore-container}
IMAGE=${IMAGE:-petstore:test}
PROXY_IMAGE=docker.io/library/haproxy:2.6.12
RECIPE=1 # bump when the stand-in's recipe changes
NET=petstore-compose-check
KEY=compose-key-0123456789abcdef
WORK=$(mktemp -d /tmp/compose-proxy.XXXXXX)
FAILS=()
SERVERS=()
say() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
fail() { FAILS+=("$*"); say "FAIL: $*"; }
cleanup() {
  podman rm -f -t 0 proxy petstore-1 petstore-2 >/dev/null 2>&1
  podman network rm -f "$NET" >/dev/null 2>&1
  for pid in "${SERVERS[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${SERVERS[@]}"; do wait "$pid" 2>/dev/null; done
  [ -n "${MARIADB:-}" ] && bash "$ROOT/.ci/mariadb.sh" stop "$MARIADB" >/dev/null 2>&1
  rm -rf "$WORK"
}
trap cleanup EXIT
verdict() {
  if [ ${#FAILS[@]} -eq 0 ]; then echo "compose-proxy: holds ($*)"; exit 0; fi
  local IFS='; '
  echo "compose-proxy: fails (${FAILS[*]})"
  exit 1
}
abort() { fail "$*"; verdict aborted; }

podman image exists "$IMAGE" || abort "no $IMAGE: run ../shared/tools/container/build-and-run.sh first"
command -v wrk >/dev/null || abort "wrk is missing (apt-get install wrk)"

# 1. The stand-in, built once per recipe and Debian version of haproxy.
VERSION=$(dpkg-query -W -f '${Version}' haproxy 2>/dev/null || apt-cache policy haproxy | awk '/Candidate/{print $2}')
STAMP="$RECIPE-$VERSION"
if [ "$(podman image inspect -f '{{ index .Labels "org.petstore.standin" }}' "$PROXY_IMAGE" 2>/dev/null)" != "$STAMP" ]; then
  TREE=$(ls "$CACHE"/debootstrap-*-minbase-*.tar 2>/dev/null | head -1)
  [ -s "$TREE" ] || abort "no cached debootstrap tree in $CACHE: run build-and-run.sh first"
  say "building the stand-in $PROXY_IMAGE (haproxy $VERSION)"
  ROOTFS=$WORK/rootfs
  mkdir -p "$ROOTFS" && tar --numeric-owner -C "$ROOTFS" -xf "$TREE"
  cp /etc/resolv.conf "$ROOTFS/etc/resolv.conf"
  cp /etc/apt/sources.list.d/debian.sources "$ROOTFS/etc/apt/sources.list.d/"
  cp /etc/apt/apt.conf.d/99artifact-registry "$ROOTFS/etc/apt/apt.conf.d/" 2>/dev/null
  chroot "$ROOTFS" sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends haproxy=$VERSION" \
    >"$WORK/apt.log" 2>&1 || abort "apt-get install haproxy in the stand-in: $(tail -1 "$WORK/apt.log")"
  rm -rf "$ROOTFS"/var/lib/apt/lists/* "$ROOTFS"/etc/resolv.conf "$ROOTFS"/etc/haproxy/haproxy.cfg
  # The official image's layout: the binary under /usr/local/sbin, the configuration folder, and
  # the entrypoint that runs haproxy in the foreground with its master (-W -db).
  ln -s /usr/sbin/haproxy "$ROOTFS/usr/local/sbin/haproxy"
  mkdir -p "$ROOTFS/usr/local/etc/haproxy" "$ROOTFS/var/lib/haproxy"
  cat >"$ROOTFS/usr/local/bin/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e
if [ "${1#-}" != "$1" ]; then set -- haproxy "$@"; fi
if [ "$1" = 'haproxy' ]; then shift; set -- haproxy -W -db "$@"; fi
exec "$@"
EOF
  chmod 0755 "$ROOTFS/usr/local/bin/docker-entrypoint.sh"
  podman rmi -f "$PROXY_IMAGE" >/dev/null 2>&1
  tar --numeric-owner -C "$ROOTFS" -cf - . | podman import -q \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'USER haproxy' \
    --change 'WORKDIR /var/lib/haproxy' \
    --change 'STOPSIGNAL SIGUSR1' \
    --change 'ENTRYPOINT ["docker-entrypoint.sh"]' \
    --change 'CMD ["haproxy", "-f", "/usr/local/etc/haproxy/haproxy.cfg"]' \
    --change "LABEL org.petstore.standin=$STAMP" \
    --message "stand-in for haproxy:2.6.12: debootstrap minbase + Debian's haproxy $VERSION" \
    - "$PROXY_IMAGE" >"$WORK/import.log" 2>&1 || abort "podman import: $(tail -1 "$WORK/import.log")"
  rm -rf "$ROOTFS"
fi
podman tag "$PROXY_IMAGE" haproxy:2.6.12 >/dev/null 2>&1

# 2. The network, the databases on its gateway, the instances and the proxy.
podman network rm -f "$NET" >/dev/null 2>&1
podman network create "$NET" >/dev/null || abort "podman network create"
GATEWAY=$(podman network inspect -f '{{ range .Subnets }}{{ .Gateway }}{{ end }}' "$NET")
MARIADB=$(MARIADB_SERVER_ARGS="--bind-address=$GATEWAY" bash "$ROOT/.ci/mariadb.sh" start 2>/dev/null | sed -n "s/^export MARIADB_DIR='\(.*\)'$/\1/p")
[ -d "$MARIADB" ] || abort "MariaDB did not start"
mariadb --no-defaults --socket="$MARIADB/mysql.sock" -uroot -e "
  CREATE USER 'petstore'@'%' IDENTIFIED BY 'petstore-compose';
  GRANT ALL PRIVILEGES ON petstore.* TO 'petstore'@'%';" || abort "MariaDB user"
DBPORT=$(cat "$MARIADB/port")
REDISPORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
redis-server --bind "$GATEWAY" --port "$REDISPORT" --save '' --appendonly no --protected-mode no >"$WORK/redis.log" 2>&1 &
SERVERS+=($!)
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

# compose.yaml's x-petstore environment, but for the databases' addresses.
ENVS=(-e NODE_ENV=production -e PORT=3000 -e WORKERS=1 -e TRUST_PROXY=1
  -e "DATABASE_URL=mariadb://petstore:petstore-compose@$GATEWAY:$DBPORT/petstore"
  -e "REDIS_URL=redis://$GATEWAY:$REDISPORT" -e "API_KEYS=$KEY"
  -e CURSOR_SECRET=compose-cursor-secret-0123456789 -e MIGRATIONS_AT_START=true
  -e SHUTDOWN_DRAIN_MS=5000 -e SHUTDOWN_TIMEOUT_MS=10000
  # The load below is one key's, far past compose's default limit (1,200 a minute).
  -e RATE_LIMIT=100000000)
for name in petstore-1 petstore-2; do
  podman run -d --name "$name" --network "$NET" "${ENVS[@]}" --stop-timeout 20 --no-healthcheck "$IMAGE" >/dev/null \
    || abort "podman run $name"
done
ready() { podman exec "$1" node -e "fetch('http://127.0.0.1:3000/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))" 2>/dev/null; }
wait_ready() {
  for _ in $(seq 1 120); do ready "$1" && return 0; sleep 0.5; done
  fail "$1 not ready in 60 s: $(podman logs --tail 3 "$1" 2>&1 | tr '\n' ' ')"
  return 1
}
wait_ready petstore-1 && wait_ready petstore-2 || verdict aborted
podman run -d --name proxy --network "$NET" -p "127.0.0.1:$PORT:3000" \
  -v "$ROOT/deploy/haproxy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro,Z" \
  -v "$ROOT/deploy/haproxy/errors:/usr/local/etc/haproxy/errors:ro,Z" \
  haproxy:2.6.12 >/dev/null || abort "podman run proxy"
BASE=http://127.0.0.1:$PORT
for _ in $(seq 1 50); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $KEY" "$BASE/v1/pets")" = 200 ] && break
  sleep 0.2
done
[ "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $KEY" "$BASE/v1/pets")" = 200 ] \
  || abort "no 200 through the proxy: $(podman logs --tail 5 proxy 2>&1 | tr '\n' ' ')"
say "proxy up on $BASE; petstore-1 and -2 ready; the proxy runs as $(podman exec proxy id -un)"

# 3. A rolling restart under load: three reads to one createPet, each write with its own key.
cat >"$WORK/mix.lua" <<EOF
-- Per thread: a request count, each status's count and the first body of each status above 299.
local threads = {}
setup = function(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end
init = function()
  n, statuses, bodies = 0, {}, {}
end
request = function()
  n = n + 1
  local headers = { ["Authorization"] = "Bearer $KEY" }
  if n % 4 == 0 then
    headers["Content-Type"] = "application/json"
    headers["Idempotency-Key"] = string.format("roll-$PORT-%d-%d", id, n)
    return wrk.format("POST", "/v1/pets", headers, '{"name":"Rolling","categoryId":1,"status":"available"}')
  end
  return wrk.format("GET", "/v1/pets?limit=20", headers)
end
response = function(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if status > 299 and bodies[status] == nil then bodies[status] = body end
end
done = function()
  local all, bodies = {}, {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do all[status] = (all[status] or 0) + count end
    for status, body in pairs(thread:get("bodies")) do bodies[status] = body end
  end
  for status, count in pairs(all) do
    io.write(string.format("status %d: %d %s\\n", status, count, bodies[status] or ""))
  end
end
EOF
SECONDS_UNDER_LOAD=50
wrk -t 2 -c 32 -d "${SECONDS_UNDER_LOAD}s" -s "$WORK/mix.lua" "$BASE" >"$WORK/wrk.txt" 2>&1 &
LOAD=$!
sleep 5
for name in petstore-1 petstore-2; do
  say "restarting $name under load (podman stop: SIGTERM, then start)"
  podman stop -t 20 "$name" >/dev/null || fail "podman stop $name"
  podman start "$name" >/dev/null || fail "podman start $name"
  wait_ready "$name"
  sleep 4 # the proxy's checks: rise 2 at 1 s
done
wait "$LOAD"
cat "$WORK/wrk.txt" >&2
REQUESTS=$(awk '/requests in/{print $1}' "$WORK/wrk.txt")
[ -n "$REQUESTS" ] && [ "$REQUESTS" -gt 0 ] || fail "wrk made no request"
grep -q 'Non-2xx or 3xx responses' "$WORK/wrk.txt" && fail "non-2xx during the rolling restart: $(grep 'Non-2xx' "$WORK/wrk.txt")"
grep -q 'Socket errors' "$WORK/wrk.txt" && fail "socket errors during the rolling restart: $(grep 'Socket errors' "$WORK/wrk.txt")"
# Each createPet answered 201 is stored, and once: a write lost with an instance was sent again by
# the proxy only with its Idempotency-Key, which the service answers with the first answer. So
# there are as many pets as keys whose first answer was a 201 (more than wrk counted by the writes
# still in flight when it stopped, at most its 32 connections).
CREATED=$(awk '/^status 201:/{print $3}' "$WORK/wrk.txt")
query() { mariadb --no-defaults --socket="$MARIADB/mysql.sock" -uroot -N -e "$1"; }
STORED=$(query "SELECT COUNT(*) FROM petstore.pets WHERE name = 'Rolling'")
KEYED=$(query "SELECT COUNT(*) FROM petstore.idempotency_records WHERE idempotency_key LIKE 'roll-%' AND response_status = 201")
[ "$STORED" = "$KEYED" ] || fail "$STORED pets stored for $KEYED keys answered 201"
[ "$STORED" -ge "${CREATED:-0}" ] && [ "$STORED" -le $((${CREATED:-0} + 32)) ] \
  || fail "createPet answered 201 ${CREATED:-0} times, $STORED pets stored"

# Both instances down: the proxy's own 503 in the Error shape, with Retry-After.
podman stop -t 20 petstore-1 petstore-2 >/dev/null
sleep 3
ANSWER=$(curl -s -D "$WORK/headers" -H "Authorization: Bearer $KEY" "$BASE/v1/pets")
head -1 "$WORK/headers" | grep -q ' 503' || fail "with no instance: $(head -1 "$WORK/headers")"
grep -qi '^Retry-After: ' "$WORK/headers" || fail "with no instance: no Retry-After"
echo "$ANSWER" | grep -q '"status":503' || fail "with no instance, not the Error shape: $ANSWER"
say "with no instance: $(head -1 "$WORK/headers" | tr -d '\r') $ANSWER"

# The proxy's own stop (SIGUSR1, its soft stop) ends it with 0.
podman stop -t 10 proxy >/dev/null
CODE=$(podman inspect -f '{{ .State.ExitCode }}' proxy)
[ "$CODE" = 0 ] || fail "podman stop proxy: exit code $CODE"
verdict "$REQUESTS requests under a rolling restart, all 2xx, $STORED pets created and stored once; 503 with Retry-After with no instance; proxy exit 0"
