import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';

/**
 * Listens on an abstract Unix socket of this process (Linux: a name, no file, gone with the
 * process), for a server that is handed its connections rather than accepting them: only a
 * listening server tracks its connections' timeouts. The name is random: abstract names are per
 * network namespace, which containers with their own process ids (pid 15 in each) may share.
 */
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
