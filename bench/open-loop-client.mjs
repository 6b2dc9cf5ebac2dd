// The open-loop client of bench/overload.mjs, run in a process of its own (pinned with taskset):
// requests leave at a fixed rate whatever the answers, as real traffic keeps arriving, each on a
// kept-alive connection that is free (a new one when none is, up to a cap); a client gives up on
// a request after its timeout and closes that connection, as HTTP clients do. Raw sockets and a
// minimal response reader, so one core offers as much as it can.
//
// Input (argv[2], JSON): { port, key, operation, phases: [{ rate, seconds }], timeoutMs,
// maxConnections, warmConnections (256) }. Output (stdout, JSON): per phase, the answers'
// latencies by kind, and what could not be sent or timed out.
import { connect } from 'node:net';
import { PEER_CELLS } from './processes.mjs';

const settings = JSON.parse(process.argv[2]);
const { method = 'GET', path, body } = PEER_CELLS[settings.operation];
const headers =
  `Host: 127.0.0.1:${settings.port}\r\nAuthorization: Bearer ${settings.key}\r\n` +
  'User-Agent: open-loop-client\r\nAccept: application/json\r\n';

const requestBytes = (i) => {
  const payload = body?.(i);
  return payload === undefined
    ? `${method} ${path(i)} HTTP/1.1\r\n${headers}\r\n`
    : `${method} ${path(i)} HTTP/1.1\r\n${headers}Content-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`;
};

/** One phase's record: latencies (ms) of 2xx answers, of 503s, and counts of the rest. */
const newRecord = () => ({
  ok: [],
  refused: [],
  refusedWithoutRetryAfter: 0,
  otherStatus: {},
  timedOut: 0,
  connectionErrors: 0,
  notSent: 0,
  sent: 0,
  okTimes: [],
});

let record = newRecord();
const idle = [];
let open = 0;
/** In flight, oldest first: timeouts are found from the head. */
const inFlight = [];

function answer(connection, status, retryAfter) {
  const { sentAt, phaseRecord } = connection.pending;
  connection.pending = undefined;
  const latency = performance.now() - sentAt;
  if (status >= 200 && status < 300) {
    phaseRecord.ok.push(latency);
    phaseRecord.okTimes.push(sentAt);
  } else if (status === 503) {
    phaseRecord.refused.push(latency);
    if (!retryAfter) phaseRecord.refusedWithoutRetryAfter++;
  } else phaseRecord.otherStatus[status] = (phaseRecord.otherStatus[status] ?? 0) + 1;
  idle.push(connection);
}

/** Reads responses from a socket: status line, Retry-After, Content-Length (every server sends it). */
function attach(socket, connection) {
  let buffered = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk) => {
    buffered += chunk;
    for (;;) {
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buffered.slice(0, end);
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      const total = end + 4 + (length ? Number(length[1]) : 0);
      if (buffered.length < total) return;
      buffered = buffered.slice(total);
      if (connection.pending)
        answer(connection, Number(head.slice(9, 12)), /\r\nretry-after:/i.test(head));
    }
  });
  const lost = () => {
    if (connection.closed) return;
    connection.closed = true;
    open--;
    const at = idle.indexOf(connection);
    if (at >= 0) idle.splice(at, 1);
    if (connection.pending) {
      connection.pending.phaseRecord.connectionErrors++;
      connection.pending = undefined;
    }
  };
  socket.on('error', lost);
  socket.on('close', lost);
}

function openConnection() {
  open++;
  const socket = connect({ port: settings.port, host: '127.0.0.1', noDelay: true });
  const connection = { socket, closed: false, pending: undefined };
  attach(socket, connection);
  return connection;
}

function send(i) {
  let connection = idle.pop();
  if (!connection) {
    if (open >= settings.maxConnections) {
      record.notSent++;
      return;
    }
    connection = openConnection();
  }
  record.sent++;
  connection.pending = { sentAt: performance.now(), phaseRecord: record };
  inFlight.push({ connection, pending: connection.pending });
  connection.socket.write(requestBytes(i));
}

function expire(now) {
  while (inFlight.length > 0) {
    const { connection, pending } = inFlight[0];
    if (connection.pending === pending && now - pending.sentAt < settings.timeoutMs) return;
    inFlight.shift();
    if (connection.pending !== pending) continue;
    // Giving up: the connection holds an answer never to be read, so it goes.
    pending.phaseRecord.timedOut++;
    connection.pending = undefined;
    if (!connection.closed) {
      connection.closed = true;
      open--;
      connection.socket.destroy();
    }
  }
}

const percentile = (values, p) => {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** A phase's figures; okWindows: p99 of the 2xx answers per 250 ms of sending, for recovery. */
function summary(phase, phaseRecord, startedAt) {
  const windows = [];
  phaseRecord.okTimes.forEach((sentAt, n) => {
    const w = Math.floor((sentAt - startedAt) / 250);
    (windows[w] ??= []).push(phaseRecord.ok[n]);
  });
  return {
    rate: phase.rate,
    seconds: phase.seconds,
    sent: phaseRecord.sent,
    notSent: phaseRecord.notSent,
    ok: phaseRecord.ok.length,
    okPerSecond: phaseRecord.ok.length / phase.seconds,
    okP50: percentile(phaseRecord.ok, 50),
    okP99: percentile(phaseRecord.ok, 99),
    refused: phaseRecord.refused.length,
    refusedP99: percentile(phaseRecord.refused, 99),
    refusedWithoutRetryAfter: phaseRecord.refusedWithoutRetryAfter,
    otherStatus: phaseRecord.otherStatus,
    timedOut: phaseRecord.timedOut,
    connectionErrors: phaseRecord.connectionErrors,
    okWindowP99: Array.from(windows, (values) => (values ? percentile(values, 99) : null)),
  };
}

// Connections opened before the first phase, as a client's pool has them: the first requests
// would otherwise each open one, a burst of connects that no steady traffic makes.
await Promise.all(
  Array.from({ length: settings.warmConnections ?? 256 }, async () => {
    const connection = openConnection();
    await new Promise((done) => connection.socket.once('connect', done));
    idle.push(connection);
  }),
);
const results = [];
let i = 0;
for (const phase of settings.phases) {
  record = newRecord();
  const phaseRecord = record;
  const startedAt = performance.now();
  const until = startedAt + phase.seconds * 1000;
  let sentInPhase = 0;
  await new Promise((done) => {
    const tick = () => {
      const now = performance.now();
      expire(now);
      if (now >= until) return done();
      const due = Math.floor(((now - startedAt) / 1000) * phase.rate);
      for (; sentInPhase < due; sentInPhase++) send(i++);
      setImmediate(tick);
    };
    tick();
  });
  // Answers still on their way count for the phase they were sent in; the next phase waits for none.
  results.push({ phaseRecord, phase, startedAt });
}
// The last phase's stragglers: wait out the timeout.
await new Promise((done) => {
  const drain = () => {
    expire(performance.now());
    if (inFlight.length === 0) return done();
    setTimeout(drain, 10);
  };
  drain();
});
for (const connection of idle) connection.socket.destroy();
process.stdout.write(
  JSON.stringify(
    results.map(({ phase, phaseRecord, startedAt }) => summary(phase, phaseRecord, startedAt)),
  ),
);
