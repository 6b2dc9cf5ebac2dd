// The open-loop client of bench/overload.mjs in C (compiled by it with the machine's cc): requests
// leave at a fixed rate whatever the answers, each on a kept-alive connection that is free (a new
// one when none is, up to a cap); a client gives up on a request after its timeout and closes that
// connection, as HTTP clients do. The Node version (open-loop-client.mjs) reached about 14,000
// requests a second on one core, under half of what 3x the service's getPet asks; epoll here does
// several times that (bench/README.md says what each run reached).
//
// Usage: open-loop-client PORT KEY OPERATION TIMEOUT_MS MAX_CONNECTIONS WARM RATE:SECONDS...
// OPERATION: get, list, status or create (bench/processes.mjs's PEER_CELLS). Output (stdout): one
// JSON array, per phase, in open-loop-client.mjs's shape.
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define PETS 10000
#define BUFFER 16384
#define MAX_PHASES 32

typedef struct {
  double *values;
  size_t length, capacity;
} Series;

typedef struct {
  double rate, seconds, startedAt;
  long sent, notSent, refusedWithoutRetryAfter, timedOut, connectionErrors;
  long other[600];
  Series ok, okSentAt, refused;
} Phase;

typedef struct Connection {
  int fd, connected, closed, pending;
  double sentAt;
  Phase *phase;
  char *buffer;
  size_t buffered, capacity;
  long serial, index;
  struct Connection *nextFree;
} Connection;

typedef struct {
  Connection *connection;
  long serial;
  double sentAt;
} InFlight;

static int port, timeoutMs, maxConnections, epollFd, open_ = 0;
static const char *key, *operation;
static Connection **idle;
static int idleCount = 0;
static InFlight *ring;
static size_t ringHead = 0, ringTail = 0, ringSize;
static long serials = 0;
/** Closed connections, reused: an in-flight entry may still point at one (its serial tells). */
static Connection *freeConnections = NULL;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000.0 + t.tv_nsec / 1e6;
}

static void push(Series *series, double value) {
  if (series->length == series->capacity) {
    series->capacity = series->capacity ? series->capacity * 2 : 4096;
    series->values = realloc(series->values, series->capacity * sizeof(double));
  }
  series->values[series->length++] = value;
}

static int requestBytes(char *out, size_t size, long i) {
  const char *statuses[] = {"available", "pending", "sold"};
  const char *head = "Host: 127.0.0.1\r\nUser-Agent: open-loop-client\r\nAccept: application/json\r\n";
  if (strcmp(operation, "create") == 0) {
    char body[160];
    int length = snprintf(body, sizeof body, "{\"name\":\"Bench %ld\",\"categoryId\":%ld,\"status\":\"%s\"}",
                          i, 20 + i, statuses[i % 3]);
    return snprintf(out, size,
                    "POST /v1/pets HTTP/1.1\r\n%sAuthorization: Bearer %s\r\nContent-Type: "
                    "application/json\r\nContent-Length: %d\r\n\r\n%s",
                    head, key, length, body);
  }
  char path[96];
  if (strcmp(operation, "get") == 0)
    snprintf(path, sizeof path, "/v1/pets/%ld", 1 + (i * 7919) % PETS);
  else if (strcmp(operation, "status") == 0)
    snprintf(path, sizeof path, "/v1/pets?status=available&limit=100");
  else
    snprintf(path, sizeof path, "/v1/pets?limit=20");
  return snprintf(out, size, "GET %s HTTP/1.1\r\n%sAuthorization: Bearer %s\r\n\r\n", path, head, key);
}

static void closeConnection(Connection *connection) {
  if (connection->closed) return;
  connection->closed = 1;
  open_--;
  epoll_ctl(epollFd, EPOLL_CTL_DEL, connection->fd, NULL);
  close(connection->fd);
  for (int n = 0; n < idleCount; n++)
    if (idle[n] == connection) {
      idle[n] = idle[--idleCount];
      break;
    }
  if (connection->pending) {
    connection->phase->connectionErrors++;
    connection->pending = 0;
  }
  connection->nextFree = freeConnections;
  freeConnections = connection;
}

static Connection *openConnection(void) {
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  if (fd < 0) return NULL;
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port)};
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, (struct sockaddr *)&address, sizeof address) < 0 && errno != EINPROGRESS) {
    close(fd);
    return NULL;
  }
  Connection *connection = freeConnections;
  if (connection) freeConnections = connection->nextFree;
  else {
    connection = calloc(1, sizeof(Connection));
    connection->capacity = BUFFER;
    connection->buffer = malloc(BUFFER);
  }
  connection->fd = fd;
  connection->connected = connection->closed = connection->pending = 0;
  connection->buffered = 0;
  struct epoll_event event = {.events = EPOLLIN | EPOLLOUT | EPOLLRDHUP, .data.ptr = connection};
  epoll_ctl(epollFd, EPOLL_CTL_ADD, fd, &event);
  open_++;
  return connection;
}

static char pendingRequest[BUFFER];

static void writeRequest(Connection *connection, long i) {
  int length = requestBytes(pendingRequest, sizeof pendingRequest, i);
  // Small requests on a fresh or idle socket: one write, or the connection is dropped.
  if (write(connection->fd, pendingRequest, length) != length) closeConnection(connection);
}

static long requestIndex = 0;

static void send_(Phase *phase) {
  Connection *connection = idleCount > 0 ? idle[--idleCount] : NULL;
  if (!connection) {
    if (open_ >= maxConnections) {
      phase->notSent++;
      return;
    }
    connection = openConnection();
    if (!connection) {
      phase->notSent++;
      return;
    }
  }
  phase->sent++;
  connection->pending = 1;
  connection->sentAt = now();
  connection->phase = phase;
  connection->buffered = 0;
  connection->serial = ++serials;
  connection->index = requestIndex;
  ring[ringTail % ringSize] = (InFlight){connection, connection->serial, connection->sentAt};
  ringTail++;
  // A connection still connecting writes when it becomes writable.
  if (connection->connected) writeRequest(connection, requestIndex);
  requestIndex++;
}

static void answer(Connection *connection, int status, int retryAfter) {
  Phase *phase = connection->phase;
  double latency = now() - connection->sentAt;
  connection->pending = 0;
  if (status >= 200 && status < 300) {
    push(&phase->ok, latency);
    push(&phase->okSentAt, connection->sentAt);
  } else if (status == 503) {
    push(&phase->refused, latency);
    if (!retryAfter) phase->refusedWithoutRetryAfter++;
  } else if (status > 0 && status < 600)
    phase->other[status]++;
}

static void readable(Connection *connection) {
  for (;;) {
    if (connection->capacity - connection->buffered < 4096) {
      connection->capacity *= 2;
      connection->buffer = realloc(connection->buffer, connection->capacity);
    }
    ssize_t got = read(connection->fd, connection->buffer + connection->buffered,
                       connection->capacity - 1 - connection->buffered);
    if (got == 0) return closeConnection(connection);
    if (got < 0) {
      if (errno != EAGAIN) closeConnection(connection);
      return;
    }
    connection->buffered += got;
    connection->buffer[connection->buffered] = 0;
    for (;;) {
      char *end = strstr(connection->buffer, "\r\n\r\n");
      if (!end) break;
      size_t headLength = end - connection->buffer;
      long contentLength = 0;
      int retryAfter = 0, closes = 0;
      for (char *line = strstr(connection->buffer, "\r\n"); line && line < end;
           line = strstr(line + 2, "\r\n")) {
        if (strncasecmp(line + 2, "content-length:", 15) == 0) contentLength = atol(line + 17);
        if (strncasecmp(line + 2, "retry-after:", 12) == 0) retryAfter = 1;
        if (strncasecmp(line + 2, "connection: close", 17) == 0) closes = 1;
      }
      size_t total = headLength + 4 + contentLength;
      if (connection->buffered < total) break;
      int status = atoi(connection->buffer + 9);
      if (connection->pending) answer(connection, status, retryAfter);
      memmove(connection->buffer, connection->buffer + total, connection->buffered - total);
      connection->buffered -= total;
      connection->buffer[connection->buffered] = 0;
      if (closes) return closeConnection(connection);
      if (!connection->pending) idle[idleCount++] = connection;
    }
  }
}

static void expire(double at) {
  while (ringHead < ringTail) {
    InFlight *entry = &ring[ringHead % ringSize];
    Connection *connection = entry->connection;
    int current = connection->serial == entry->serial && connection->pending;
    if (current && at - entry->sentAt < timeoutMs) return;
    ringHead++;
    if (!current) continue;
    // Giving up: the connection holds an answer never to be read, so it goes.
    connection->phase->timedOut++;
    connection->pending = 0;
    closeConnection(connection);
  }
}

static void poll_(int waitMs) {
  struct epoll_event events[512];
  int count = epoll_wait(epollFd, events, 512, waitMs);
  for (int n = 0; n < count; n++) {
    Connection *connection = events[n].data.ptr;
    if (connection->closed) continue;
    if (!connection->connected && (events[n].events & EPOLLOUT)) {
      int error = 0;
      socklen_t size = sizeof error;
      getsockopt(connection->fd, SOL_SOCKET, SO_ERROR, &error, &size);
      if (error) {
        closeConnection(connection);
        continue;
      }
      connection->connected = 1;
      struct epoll_event event = {.events = EPOLLIN | EPOLLRDHUP, .data.ptr = connection};
      epoll_ctl(epollFd, EPOLL_CTL_MOD, connection->fd, &event);
      if (connection->pending) writeRequest(connection, connection->index);
      else idle[idleCount++] = connection;
    }
    if (events[n].events & (EPOLLIN | EPOLLRDHUP | EPOLLHUP | EPOLLERR)) readable(connection);
  }
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static void percentile(Series *series, double p) {
  if (series->length == 0) {
    printf("null");
    return;
  }
  size_t at = (size_t)(p / 100 * series->length);
  if (at >= series->length) at = series->length - 1;
  printf("%.3f", series->values[at]);
}

static void summary(Phase *phase) {
  // The p99 of the 2xx answers per 250 ms of sending, for recovery (before sorting).
  size_t windows = (size_t)(phase->seconds * 4) + 8;
  Series *byWindow = calloc(windows, sizeof(Series));
  for (size_t n = 0; n < phase->ok.length; n++) {
    size_t w = (size_t)((phase->okSentAt.values[n] - phase->startedAt) / 250);
    if (w < windows) push(&byWindow[w], phase->ok.values[n]);
  }
  qsort(phase->ok.values, phase->ok.length, sizeof(double), compare);
  qsort(phase->refused.values, phase->refused.length, sizeof(double), compare);
  printf("{\"rate\":%.1f,\"seconds\":%.1f,\"sent\":%ld,\"notSent\":%ld,\"ok\":%zu,\"okPerSecond\":%.1f,"
         "\"okP50\":",
         phase->rate, phase->seconds, phase->sent, phase->notSent, phase->ok.length,
         phase->ok.length / phase->seconds);
  percentile(&phase->ok, 50);
  printf(",\"okP99\":");
  percentile(&phase->ok, 99);
  printf(",\"refused\":%zu,\"refusedP99\":", phase->refused.length);
  percentile(&phase->refused, 99);
  printf(",\"refusedWithoutRetryAfter\":%ld,\"otherStatus\":{", phase->refusedWithoutRetryAfter);
  int first = 1;
  for (int status = 0; status < 600; status++)
    if (phase->other[status]) {
      printf("%s\"%d\":%ld", first ? "" : ",", status, phase->other[status]);
      first = 0;
    }
  printf("},\"timedOut\":%ld,\"connectionErrors\":%ld,\"okWindowP99\":[", phase->timedOut,
         phase->connectionErrors);
  size_t last = 0;
  for (size_t w = 0; w < windows; w++)
    if (byWindow[w].length) last = w + 1;
  for (size_t w = 0; w < last; w++) {
    if (w) printf(",");
    qsort(byWindow[w].values, byWindow[w].length, sizeof(double), compare);
    percentile(&byWindow[w], 99);
  }
  printf("]}");
}

int main(int argc, char **argv) {
  if (argc < 8) {
    fprintf(stderr, "usage: %s PORT KEY OPERATION TIMEOUT_MS MAX_CONNECTIONS WARM RATE:SECONDS...\n",
            argv[0]);
    return 2;
  }
  port = atoi(argv[1]);
  key = argv[2];
  operation = argv[3];
  timeoutMs = atoi(argv[4]);
  maxConnections = atoi(argv[5]);
  int warm = atoi(argv[6]);
  int phaseCount = argc - 7;
  if (phaseCount > MAX_PHASES) return 2;
  Phase *phases = calloc(phaseCount, sizeof(Phase));
  double total = 0;
  for (int n = 0; n < phaseCount; n++) {
    sscanf(argv[7 + n], "%lf:%lf", &phases[n].rate, &phases[n].seconds);
    total += phases[n].rate * phases[n].seconds;
  }
  ringSize = (size_t)total + 1024;
  ring = calloc(ringSize, sizeof(InFlight));
  idle = calloc(maxConnections + 1, sizeof(Connection *));
  epollFd = epoll_create1(0);
  // Connections opened before the first phase, as a client's pool has them.
  for (int n = 0; n < warm && open_ < maxConnections; n++) openConnection();
  double until = now() + 5000;
  while (idleCount < warm && now() < until) poll_(10);
  for (int n = 0; n < phaseCount; n++) {
    Phase *phase = &phases[n];
    phase->startedAt = now();
    double end = phase->startedAt + phase->seconds * 1000;
    long sentInPhase = 0;
    for (;;) {
      double at = now();
      expire(at);
      if (at >= end) break;
      long due = (long)((at - phase->startedAt) / 1000 * phase->rate);
      for (; sentInPhase < due; sentInPhase++) send_(phase);
      poll_(0);
      if (sentInPhase >= due) {
        struct timespec pause = {0, 50000};
        nanosleep(&pause, NULL);
      }
    }
  }
  // The last phase's stragglers: wait out the timeout.
  double drainUntil = now() + timeoutMs + 50;
  while (ringHead < ringTail && now() < drainUntil) {
    expire(now());
    poll_(5);
  }
  expire(now() + timeoutMs);
  printf("[");
  for (int n = 0; n < phaseCount; n++) {
    if (n) printf(",");
    summary(&phases[n]);
  }
  printf("]\n");
  return 0;
}
