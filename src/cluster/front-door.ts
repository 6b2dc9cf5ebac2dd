import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { Worker } from 'node:cluster';
import type { PrimaryMessage } from './cluster-messages.js';
import { refuseConnection } from './door-refusal.js';

/** A worker the front door may hand connections to. */
export interface ServingWorker {
  readonly worker: Worker;
  /** Whether it reported refusing arrivals: new connections go to another, or are refused here. */
  full: boolean;
  /** Whether requests with a valid key wait in it: only then is a slow line of handovers its. */
  keyedWaiting: boolean;
  /** Whether a request without a valid key reached it within the last second. */
  keylessRecent: boolean;
  /**
   * When each connection handed to it and not yet taken was handed, oldest first. The front door
   * sends one at a time, the next once the last is written, and Node writes the next once the
   * worker has taken the last, which a busy worker does once per turn of its loop: a line forms.
   */
  readonly handing: number[];
}

/** Connections kept while no worker serves (one crashed and its replacement starts): a bound. */
const MAX_HELD = 1_000;
const HANDED_OVER: PrimaryMessage = { petstore: 'connection' };

/**
 * The primary's listening socket. Its short loop accepts at once (a worker's long turns would
 * leave connections in the kernel's queue) and hands each connection to the next worker, round
 * robin, skipping workers that refuse arrivals. When every worker refuses, it answers the
 * connection's request itself: a complete 503 OVERLOADED, then the connection closes.
 */
export class FrontDoor {
  /** Connections answered 503 OVERLOADED here, since start. */
  refused = 0;
  private readonly server: Server;
  private readonly held: Socket[] = [];
  /** Per worker with a connection on its channel: the connections handed to it, not yet sent. */
  private readonly unsent = new Map<ServingWorker, Socket[]>();
  private turn = 0;
  /** Connections sent to a worker whose delivery is not yet confirmed. */
  private inFlight = 0;
  private settled?: () => void;
  private closing?: Promise<void>;

  /**
   * `behind`: how long a worker's oldest connection not yet taken may have waited before it takes
   * no more: `keysWaiting` while keys' requests wait in it, `always` whatever its load. When every
   * worker is full or behind, connections are refused here.
   */
  constructor(
    private readonly workers: () => readonly ServingWorker[],
    private readonly behind: { readonly keysWaiting: number; readonly always: number },
    private readonly refusing: boolean,
  ) {
    // Paused: not a byte is read here, so the worker parses the connection from its start.
    this.server = createServer({ pauseOnConnect: true }, (socket) => this.arrived(socket));
  }

  listen(port: number, host: string, backlog: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen({ port, host, backlog }, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  /** The port it listens on (PORT=0: the one the system chose). */
  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /**
   * Stops accepting; connections already handed over stay with their workers. Resolves once every
   * connection sent to a worker has reached it (or, its worker gone, been sent to another).
   */
  close(): Promise<void> {
    if (this.server.listening) this.server.close();
    for (const socket of this.held.splice(0)) socket.destroy();
    this.closing ??=
      this.inFlight === 0 ? Promise.resolve() : new Promise((resolve) => (this.settled = resolve));
    return this.closing;
  }

  /** A worker became ready: the connections held meanwhile go to it. */
  workerReady(): void {
    for (const socket of this.held.splice(0)) if (!socket.destroyed) this.arrived(socket);
  }

  private arrived(socket: Socket): void {
    const workers = this.workers();
    if (workers.length === 0) return this.hold(socket);
    const now = performance.now();
    for (let tried = 0; tried < workers.length; tried++) {
      const serving = workers[this.turn++ % workers.length];
      if (!serving.worker.isConnected()) continue;
      if (this.refusing && !this.takes(serving, now)) continue;
      serving.handing.push(now);
      this.inFlight++;
      const line = this.unsent.get(serving);
      if (line !== undefined) line.push(socket);
      else {
        this.unsent.set(serving, []);
        this.send(serving, socket);
      }
      return;
    }
    // With OVERLOAD_SHEDDING=false nothing is refused: no worker connected, the connection waits.
    if (!this.refusing) return this.hold(socket);
    this.refused++;
    refuseConnection(socket);
  }

  /**
   * One connection at a time on a worker's channel, the next once it is written: Node queues every
   * later message behind a connection until the worker takes it, so a message to the worker (a
   * rate-limit count's answer) waits behind one connection, not behind all those handed to it.
   */
  private send(serving: ServingWorker, socket: Socket): void {
    serving.worker.send(HANDED_OVER, socket, { keepOpen: false }, (error) => {
      serving.handing.shift();
      // The worker went away meanwhile: another takes the connection.
      if (error && !socket.destroyed) this.arrived(socket);
      const next = this.unsent.get(serving)?.shift();
      if (next !== undefined) this.send(serving, next);
      else this.unsent.delete(serving);
      if (--this.inFlight === 0) this.settled?.();
    });
  }

  private hold(socket: Socket): void {
    if (this.held.length < MAX_HELD) this.held.push(socket);
    else socket.destroy();
  }

  /**
   * Whether `serving` takes a connection now: not full, and not behind. Behind: a connection
   * handed to it has not been taken within `behind.keysWaiting` while keys' requests wait in it,
   * or within `behind.always` while no request without a valid key has reached it for a second (a
   * loop too slow to read its connections, SQLite's case, where nothing waits in the queue). A
   * flood without a key slows the line too, but never makes the front door refuse: it cannot see
   * keys, so it would refuse the keys' new connections the flood aimed it at; the worker sheds the
   * flood instead.
   */
  private takes(serving: ServingWorker, now: number): boolean {
    if (serving.full) return false;
    const oldest = serving.handing[0];
    if (oldest === undefined) return true;
    const waited = now - oldest;
    if (serving.keyedWaiting && waited >= this.behind.keysWaiting) return false;
    return serving.keylessRecent || waited < this.behind.always;
  }
}
