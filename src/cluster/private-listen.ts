import type { Server } from 'node:http';

/**
 * Listens on an abstract Unix socket of this process (Linux: a name, no file, gone with the
 * process), for a server that is handed its connections rather than accepting them: only a
 * listening server tracks its connections' timeouts.
 */
export function listenPrivately(server: Server, role: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ path: `\0petstore-${role}-${process.pid}` }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
