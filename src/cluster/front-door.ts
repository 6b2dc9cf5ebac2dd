import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import type { Worker } from 'node:cluster';
import { SERVER_TIMEOUTS } from '../common/http/server-limits.js';
import { refusalResponses } from '../common/overload/overload-refusal.js';
import type { PrimaryMessage } from './cluster-messages.js';

/** A worker the front door may hand connections to. */
export interface ServingWorker {
  readonly worker: Worker;
  /** Whether it reported refusing arrivals: new connections go to another, or are refused here. */
  full: boolean;
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
  private readonly refusals = createHttpServer((request, response) =>
    this.refuse(request, response),
  );
  private readonly refusal = refusalResponses()[1];
  private readonly held: Socket[] = [];
  private turn = 0;

  constructor(private readonly workers: () => readonly ServingWorker[]) {
    // Paused: not a byte is read here, so the worker parses the connection from its start.
    this.server = createServer({ pauseOnConnect: true }, (socket) => this.arrived(socket));
    Object.assign(this.refusals, SERVER_TIMEOUTS);
    // Never listens: 'listening' starts Node's connection tracking (its header and request
    // timeouts) for the connections it is given.
    this.refusals.emit('listening');
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

  /** Stops accepting; connections already handed over stay with their workers. */
  close(): void {
    if (this.server.listening) this.server.close();
    for (const socket of this.held.splice(0)) socket.destroy();
    this.refusals.closeAllConnections();
  }

  /** A worker became ready: the connections held meanwhile go to it. */
  workerReady(): void {
    for (const socket of this.held.splice(0)) if (!socket.destroyed) this.arrived(socket);
  }

  private arrived(socket: Socket): void {
    const workers = this.workers();
    if (workers.length === 0) {
      if (this.held.length < MAX_HELD) this.held.push(socket);
      else socket.destroy();
      return;
    }
    for (let tried = 0; tried < workers.length; tried++) {
      const serving = workers[this.turn++ % workers.length];
      if (serving.full || !serving.worker.isConnected()) continue;
      serving.worker.send(HANDED_OVER, socket, { keepOpen: false }, (error) => {
        // The worker went away meanwhile: another takes the connection.
        if (error && !socket.destroyed) this.arrived(socket);
      });
      return;
    }
    this.refused++;
    this.refusals.emit('connection', socket);
    socket.resume();
  }

  /** The request is read to its end (no reset for a client still sending), then refused. */
  private refuse(request: IncomingMessage, response: ServerResponse): void {
    request.resume();
    request.once('end', () => {
      response.writeHead(503, [...this.refusal.headers, 'Connection', 'close']);
      response.end(this.refusal.body);
    });
  }
}
