import { Agent, request } from 'node:http';

/** What one request of a client got while the instance drained. */
export interface DrainOutcome {
  /** Sent after the instance said it drains (its log line was read). */
  sentDraining: boolean;
  status?: number;
  /** The answer's Connection header. */
  connection?: string;
  /** The error's code, when there was no answer. */
  error?: string;
}

/**
 * Two clients that keep reading `path` through a shutdown, one on kept-alive connections and one
 * on a new connection each time, until the port refuses them (ECONNREFUSED) or `stop()`.
 * `draining()` says whether the instance has said it drains.
 */
export function clientsThroughDrain(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  draining: () => boolean,
): { outcomes: DrainOutcome[]; stop: () => Promise<void> } {
  const outcomes: DrainOutcome[] = [];
  let stopped = false;
  const once = (agent: Agent | false) =>
    new Promise<DrainOutcome>((resolve) => {
      const sentDraining = draining();
      const sent = request(`${baseUrl}${path}`, { agent, headers }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            sentDraining,
            status: response.statusCode,
            connection: response.headers.connection,
          }),
        );
        response.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ sentDraining, error: error.code ?? error.message }),
        );
      });
      sent.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ sentDraining, error: error.code ?? error.message }),
      );
      sent.end();
    });
  const loop = async (agent: Agent | false) => {
    while (!stopped) {
      const outcome = await once(agent);
      outcomes.push(outcome);
      if (outcome.error === 'ECONNREFUSED') return;
    }
  };
  const keptAlive = new Agent({ keepAlive: true, maxSockets: 1 });
  const loops = Promise.all([loop(keptAlive), loop(false)]);
  return {
    outcomes,
    stop: async () => {
      stopped = true;
      await loops;
      keptAlive.destroy();
    },
  };
}
