import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { MAX_CONNECTIONS } from './server-limits.js';

/** How often a closing server closes the connections that have gone idle since the last look. */
const IDLE_CHECK_MS = 50;

/** The connections an HTTP server serves, and their drain on shutdown. */
export class ServedConnections {
  private readonly sockets = new Set<Socket>();
  private closing = false;
  private draining = false;
  private closed?: () => void;

  constructor(private readonly server: Server) {
    // A listening server's own connections; handed-over ones come through take().
    server.on('connection', (socket: Socket) => this.track(socket));
  }

  /** A connection from the primary: this server's from now on, within MAX_CONNECTIONS. */
  take(socket: Socket): void {
    // Node's maxConnections counts only what a server accepts itself.
    if (this.sockets.size >= MAX_CONNECTIONS) return void socket.destroy();
    // What the HTTP server sets on a connection it accepts itself (its noDelay default): without
    // it, Nagle's algorithm holds a response's last segment back.
    socket.setNoDelay(true);
    this.server.emit('connection', socket);
    socket.resume();
  }

  /** From now on answers close their connections (a listener only now: it costs every request). */
  startDraining(): void {
    if (this.draining) return;
    this.draining = true;
    this.server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) =>
      response.setHeader('Connection', 'close'),
    );
  }

  /** Stops listening and closes idle connections now, the rest after their answers or at `timeoutMs`. */
  close(timeoutMs: number, onTimeout: (open: number) => void): Promise<void> {
    this.startDraining();
    this.closing = true;
    if (this.server.listening) this.server.close();
    this.server.closeIdleConnections();
    if (this.sockets.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      // A request begun before the drain has no `Connection: close`: idle after its answer.
      const idle = setInterval(() => this.server.closeIdleConnections(), IDLE_CHECK_MS);
      const timer = setTimeout(() => {
        onTimeout(this.sockets.size);
        this.server.closeAllConnections();
        for (const socket of this.sockets) socket.destroy();
      }, timeoutMs);
      this.closed = () => {
        clearInterval(idle);
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.once('close', () => {
      this.sockets.delete(socket);
      if (this.closing && this.sockets.size === 0) this.closed?.();
    });
  }
}
