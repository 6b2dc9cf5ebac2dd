import type { Worker } from 'node:cluster';
import { connect, type Socket } from 'node:net';
import { FrontDoor, type ServingWorker } from './front-door.js';

/**
 * Every connection a fake worker was handed. A real worker owns and closes them; here they stay
 * paused, never see the client's end, and would keep Jest's worker process from exiting.
 */
const handedSockets: Socket[] = [];

/** A worker that records the connections handed to it; `take()` acknowledges the oldest. */
function fakeWorker(): ServingWorker & { handed: Socket[]; take(): void } {
  const callbacks: ((error: Error | null) => void)[] = [];
  const handed: Socket[] = [];
  const worker = {
    isConnected: () => true,
    send: (_message: unknown, socket: Socket, _options: unknown, done: () => void) => {
      handed.push(socket);
      handedSockets.push(socket);
      callbacks.push(done);
      return true;
    },
  } as unknown as Worker;
  return {
    worker,
    full: false,
    keyedWaiting: false,
    keylessRecent: false,
    handing: [],
    handed,
    take: () => callbacks.shift()?.(null),
  };
}

/** Sends a whole POST and reads until the server ends the connection (or resets it). */
function exchange(port: number): Promise<{ answer: string; ending: string }> {
  return new Promise((resolve) => {
    const body = '{"name":"Rex","categoryId":1}';
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(
        `POST /v1/pets HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\n\r\n${body}`,
      ),
    );
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve({ answer, ending: 'end' }));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ answer, ending: error.code ?? 'error' }),
    );
  });
}

const connected = (port: number) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
const until = async (check: () => boolean) => {
  while (!check()) await new Promise((wait) => setTimeout(wait, 5));
};

describe('FrontDoor', () => {
  const doors: FrontDoor[] = [];
  const clients: Socket[] = [];
  const open = async (workers: ServingWorker[], refusing = true) => {
    const door = new FrontDoor(() => workers, { keysWaiting: 50, always: 200 }, refusing);
    doors.push(door);
    await door.listen(0, '127.0.0.1', 511);
    return door;
  };
  afterEach(() => {
    for (const client of clients.splice(0)) client.destroy();
    for (const socket of handedSockets.splice(0)) socket.destroy();
    for (const door of doors.splice(0)) void door.close();
  });

  it('hands each new connection to the next worker in turn', async () => {
    const [a, b] = [fakeWorker(), fakeWorker()];
    const door = await open([a, b]);
    for (let i = 0; i < 4; i++) clients.push(await connected(door.port));
    await until(() => a.handing.length + b.handing.length === 4);
    expect([a.handing.length, b.handing.length]).toEqual([2, 2]);
  });

  it('sends a worker one connection at a time, so that another message to it waits behind one connection, not behind all of them', async () => {
    const a = fakeWorker();
    const door = await open([a]);
    for (let i = 0; i < 3; i++) clients.push(await connected(door.port));
    await until(() => a.handing.length === 3);
    expect(a.handed.length).toBe(1);
    a.take();
    await until(() => a.handed.length === 2);
    a.take();
    await until(() => a.handed.length === 3);
    a.take();
    await until(() => a.handing.length === 0);
    expect(a.handed.length).toBe(3);
  });

  it('answers itself when every worker is full: a complete 503 OVERLOADED, then it closes the connection', async () => {
    const [a, b] = [fakeWorker(), fakeWorker()];
    a.full = true;
    b.full = true;
    const door = await open([a, b]);
    const { answer, ending } = await exchange(door.port);
    expect(ending).toBe('end');
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(head.split('\r\n')).toEqual(
      expect.arrayContaining([
        'Connection: close',
        'Retry-After: 1',
        expect.stringMatching(/^Date: /),
      ]),
    );
    expect(JSON.parse(body)).toMatchObject({ code: 'OVERLOADED', status: 503 });
    expect(door.refused).toBe(1);
    expect(a.handed.length + b.handed.length).toBe(0);
  });

  it('passes over a worker whose oldest connection has waited past the bound, and takes it again once it moves', async () => {
    const [a, b] = [fakeWorker(), fakeWorker()];
    b.full = true;
    a.keyedWaiting = true;
    const door = await open([a, b]);
    clients.push(await connected(door.port));
    await until(() => a.handed.length === 1);
    // Not taken within 50 ms while keys' requests wait: the next connection is refused here ...
    await new Promise((wait) => setTimeout(wait, 60));
    expect((await exchange(door.port)).answer).toMatch(/^HTTP\/1\.1 503 /);
    // ... and once the worker takes its connection, handed over again.
    a.take();
    clients.push(await connected(door.port));
    await until(() => a.handed.length === 2);
    expect(door.refused).toBe(1);
  });

  it('never refuses for a slow line below the long bound while no key waits (a keyless flood cannot aim it)', async () => {
    const a = fakeWorker();
    const door = await open([a]);
    clients.push(await connected(door.port));
    await until(() => a.handed.length === 1);
    await new Promise((wait) => setTimeout(wait, 60));
    clients.push(await connected(door.port));
    await until(() => a.handing.length === 2);
    expect(door.refused).toBe(0);
  });

  it('refuses past the long bound while keys make the load: a connection would wait most of the budget unread', async () => {
    const a = fakeWorker();
    const door = await open([a]);
    clients.push(await connected(door.port));
    await until(() => a.handed.length === 1);
    await new Promise((wait) => setTimeout(wait, 210));
    expect((await exchange(door.port)).answer).toMatch(/^HTTP\/1\.1 503 /);
    a.take();
    clients.push(await connected(door.port));
    await until(() => a.handed.length === 2);
    expect(door.refused).toBe(1);
  });

  it('never refuses past the long bound while requests without a key arrive (a flood cannot aim it at the keys)', async () => {
    const a = fakeWorker();
    a.keylessRecent = true;
    const door = await open([a]);
    clients.push(await connected(door.port));
    await until(() => a.handed.length === 1);
    await new Promise((wait) => setTimeout(wait, 210));
    clients.push(await connected(door.port));
    await until(() => a.handing.length === 2);
    expect(door.refused).toBe(0);
  });

  it('refuses nothing with OVERLOAD_SHEDDING=false', async () => {
    const a = fakeWorker();
    a.full = true;
    const door = await open([a], false);
    clients.push(await connected(door.port));
    await until(() => a.handed.length === 1);
    expect(door.refused).toBe(0);
  });

  it('closes once every connection it sent has reached its worker: none left in between', async () => {
    const a = fakeWorker();
    const door = await open([a]);
    const { port } = door;
    clients.push(await connected(port));
    await until(() => a.handed.length === 1);
    let closed = false;
    const closing = door.close().then(() => (closed = true));
    // Closed again meanwhile (the primary's exit): both wait for the same deliveries.
    let closedAgain = false;
    const again = door.close().then(() => (closedAgain = true));
    await new Promise((wait) => setTimeout(wait, 20));
    expect([closed, closedAgain]).toEqual([false, false]);
    a.take();
    await Promise.all([closing, again]);
    expect([closed, closedAgain]).toEqual([true, true]);
    // And no longer accepting.
    await expect(connected(port)).rejects.toThrow('ECONNREFUSED');
  });
});
