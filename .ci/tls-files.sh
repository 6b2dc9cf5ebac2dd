# Sourced by .ci/mariadb.sh and .ci/mysql.sh: TLS files for a test server, so every server they
# start takes TLS (a CA of its own, which a client may verify against, and 127.0.0.1's certificate).
#   tls-files DIR   writes DIR/tls/ca.pem, server.pem and server-key.pem
tls-files() {
  local tls=$1/tls
  mkdir -p "$tls"
  local key=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes)
  openssl req -x509 "${key[@]}" -days 3650 -subj /CN=petstore-test-ca \
    -keyout "$tls/ca-key.pem" -out "$tls/ca.pem" 2>/dev/null
  openssl req "${key[@]}" -subj /CN=127.0.0.1 -keyout "$tls/server-key.pem" -out "$tls/server.csr" 2>/dev/null
  printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\n' >"$tls/server.ext"
  openssl x509 -req -in "$tls/server.csr" -CA "$tls/ca.pem" -CAkey "$tls/ca-key.pem" -CAcreateserial \
    -days 3650 -extfile "$tls/server.ext" -out "$tls/server.pem" 2>/dev/null
}

# The server's TLS arguments, for files under DIR as the server sees it.
tls-args() {
  echo "--ssl-ca=$1/tls/ca.pem --ssl-cert=$1/tls/server.pem --ssl-key=$1/tls/server-key.pem"
}
