// The slow-bodies abuser of bench/abusive-client.mjs.
import net from 'node:net';

/**
 * 2,000 clients without a key, each announcing a 100 kB createPet body and sending 100 bytes of it
 * every 200 ms while the ordinary clients run (test/main.e2e-spec.ts checks who is answered; this,
 * how fast). Resolves, once stopped, to a summary like autocannon's.
 */
export function slowBodies(port, count = 2_000) {
  const sockets = [];
  const statusCodeStats = {};
  for (let i = 0; i < count; i++) {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.once('data', (chunk) => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(String(chunk))?.[1] ?? 'other';
      statusCodeStats[status] = { count: (statusCodeStats[status]?.count ?? 0) + 1 };
    });
    socket.write(
      'POST /v1/pets HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"name":"',
    );
    sockets.push(socket);
  }
  const trickle = setInterval(() => {
    for (const socket of sockets) if (!socket.destroyed) socket.write('a'.repeat(100));
  }, 200);
  return {
    stop() {
      clearInterval(trickle);
      for (const socket of sockets) socket.destroy();
      return { statusCodeStats };
    },
  };
}
