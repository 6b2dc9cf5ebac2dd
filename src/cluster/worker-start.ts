import { flushLogs } from '../logging/pino-logger.js';
import type { WorkerMessage } from './cluster-messages.js';

/** A worker that cannot start: its lines written, it tells the primary why, then exits. */
export async function reportStartFailure(reason: string): Promise<void> {
  await flushLogs();
  const message: WorkerMessage = { petstore: 'failed', reason };
  if (process.connected) process.send!(message, () => process.exit(1));
  else process.exit(1);
}
