import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';

/** Listens on a random abstract Unix socket: only a listening server enforces its timeouts. */
export function listenPrivately(server: Server, role: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    const name = `\0petstore-${role}-${randomBytes(12).toString('hex')}`;
    server.listen({ path: name }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
