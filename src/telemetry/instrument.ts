/**
 * The `--import` entry of every start command: without an OTLP endpoint it loads no OpenTelemetry;
 * with one it starts it before the application loads, or mysql2, ioredis and pino get no spans.
 */
import cluster from 'node:cluster';
import { startsWorkers } from '../config/workers.config.js';
import { TracingSettingsError, tracingSettings, type TracingSettings } from './tracing-settings.js';

async function startTracing(settings: TracingSettings): Promise<void> {
  const { startOpenTelemetry } = await import('./open-telemetry.js');
  // The loader wraps only the modules an instrumentation patches, not every module.
  const include = startOpenTelemetry(settings);
  const hooks = await import('import-in-the-middle/register-hooks.mjs');
  if (hooks.supportsSyncHooks()) {
    // In-thread (module.registerHooks), where Node has it; module.register is deprecated there.
    hooks.register({ include });
  } else {
    const { register } = await import('node:module');
    register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include } });
  }
}

try {
  const settings = tracingSettings(process.env);
  // A primary in front of workers serves no request (src/cluster/primary.ts): the workers trace,
  // or the one process of WORKERS=1. It still reads the settings, so a wrong one stops the start.
  const servesRequests = cluster.isWorker || !startsWorkers(process.env);
  if (settings !== undefined && servesRequests) await startTracing(settings);
} catch (error) {
  if (!(error instanceof TracingSettingsError)) throw error;
  const { logLastLine } = await import('../logging/pino-logger.js');
  await logLastLine('info', (last) =>
    last.fatal(`Configuration error: ${error.message}`, 'Petstore'),
  );
  process.exit(1);
}
