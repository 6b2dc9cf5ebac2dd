import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { MAX_CONNECTIONS } from '../common/http/server-limits.js';
import { listenPrivately } from './private-listen.js';

/** How often a draining worker closes the connections that have gone idle. */
const IDLE_CHECK_MS = 50;

/**
 * The connections the primary hands this worker, served by the application's HTTP server as if
 * it had accepted them, and drained on shutdown.
 */
export class WorkerConnections {
  private readonly sockets = new Set<Socket>();
  private closing = false;
  private drained?: () => void;

  constructor(private readonly server: Server) {}

  /**
   * Listens where no client looks (an abstract Unix socket, no file): the primary owns the port,
   * but a listening server is what runs Node's own connection tracking, which enforces
   * headersTimeout and requestTimeout and backs closeIdleConnections.
   */
  start(): Promise<void> {
    return listenPrivately(this.server, 'worker');
  }

  /** A connection from the primary: this worker's from now on, within MAX_CONNECTIONS. */
  take(socket: Socket): void {
    // Node's maxConnections counts only what a server accepts itself.
    if (this.sockets.size >= MAX_CONNECTIONS) return void socket.destroy();
    this.sockets.add(socket);
    socket.once('close', () => {
      this.sockets.delete(socket);
      if (this.closing && this.sockets.size === 0) this.drained?.();
    });
    // What the HTTP server sets on a connection it accepts itself (its noDelay default): without
    // it, Nagle's algorithm holds a response's last segment back.
    socket.setNoDelay(true);
    this.server.emit('connection', socket);
    socket.resume();
  }

  get open(): number {
    return this.sockets.size;
  }

  /**
   * Closes idle connections now and the others after their answers; resolves once none is left,
   * closing those still busy after `timeoutMs` (`onTimeout` says so first).
   */
  drain(timeoutMs: number, onTimeout: (open: number) => void): Promise<void> {
    this.closing = true;
    // From now on every answer closes its connection: a kept-alive client reconnects elsewhere.
    // (Added only now: a listener on every request would cost every request.)
    this.server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) =>
      response.setHeader('Connection', 'close'),
    );
    this.server.closeIdleConnections();
    if (this.sockets.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      // A connection answering now goes idle after its answer: closed then, at the next look.
      const idle = setInterval(() => this.server.closeIdleConnections(), IDLE_CHECK_MS);
      const timer = setTimeout(() => {
        onTimeout(this.sockets.size);
        this.server.closeAllConnections();
        for (const socket of this.sockets) socket.destroy();
      }, timeoutMs);
      this.drained = () => {
        clearInterval(idle);
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
