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
 * Two clients that keep reading `path` into a shutdown, one on kept-alive connections and one on a
 * new connection each time. As clients behind a balancer that has taken the instance out, each
 * stops once it has sent `afterDraining` requests since `draining()` said the instance drains (a
 * client still opening connections as the port closes meets the kernel's reset of the connections
 * not yet accepted, which no server can answer), or at `stop()`.
 */
export function clientsThroughDrain(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  draining: () => boolean,
  afterDraining = 3,
): { outcomes: DrainOutcome[]; done: Promise<void>; stop: () => Promise<void> } {
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
    let sentDraining = 0;
    while (!stopped && sentDraining < afterDraining) {
      const outcome = await once(agent);
      outcomes.push(outcome);
      if (outcome.sentDraining) sentDraining++;
      if (outcome.error !== undefined) return;
    }
  };
  const keptAlive = new Agent({ keepAlive: true, maxSockets: 1 });
  const loops = Promise.all([loop(keptAlive), loop(false)]);
  return {
    outcomes,
    done: loops.then(() => undefined),
    stop: async () => {
      stopped = true;
      await loops;
      keptAlive.destroy();
    },
  };
}

/**
 * What a drain owes these clients: every request answered 200 (never a reset or an answer cut
 * short), and once the instance drains, every answer closing its connection (so kept-alive clients
 * go elsewhere).
 */
export function expectDrainedCleanly(outcomes: readonly DrainOutcome[]): void {
  expect(outcomes.filter((outcome) => outcome.error !== undefined)).toEqual([]);
  expect(
    outcomes.filter((outcome) => outcome.status !== undefined && outcome.status !== 200),
  ).toEqual([]);
  const drained = outcomes.filter((outcome) => outcome.sentDraining && outcome.status === 200);
  expect(drained.length).toBeGreaterThan(0);
  expect(drained.filter((outcome) => outcome.connection !== 'close')).toEqual([]);
}
