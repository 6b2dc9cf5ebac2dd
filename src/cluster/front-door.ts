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
  /** When each handed, untaken connection was handed, oldest first: a busy worker's line. */
  readonly handing: number[];
}

/** Connections kept while no worker serves (one crashed and its replacement starts): a bound. */
const MAX_HELD = 1_000;
const HANDED_OVER: PrimaryMessage = { petstore: 'connection' };

/** The primary's listening socket: hands each connection to a worker that takes one, or refuses it. */
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
   * `behind`: how long a worker's oldest untaken connection may wait before it takes no more, while
   * keys' requests wait in it (`keysWaiting`) or whatever its load (`always`).
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

  /** Stops accepting; resolves once every connection sent to a worker has reached one. */
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
   * One connection at a time on a worker's channel, the next once it is written: Node queues later
   * messages (a rate-limit count's answer) behind a handed connection until the worker takes it.
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
   * Whether `serving` takes a connection: not full, not behind (docs/operations.md). A keyless flood
   * never makes it behind: the door cannot see keys and would refuse theirs.
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
