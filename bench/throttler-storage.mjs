// Cost per request of @nestjs/throttler's default storage against the service's fixed-window
// storage, at the default RATE_LIMIT (1200 per 60 s) with one busy key: what choosing the custom
// ThrottlerStorage rests on. Run after `npm run build`: node bench/throttler-storage.mjs
import { ThrottlerStorageService } from '@nestjs/throttler';
import { FixedWindowStorage } from '../dist/src/common/rate-limit/fixed-window.storage.js';

const LIMIT = 1200;
const TTL = 60_000;
const CALLS = 200_000;

async function perCall(storage) {
  // Warm up, then keep the key at its limit, as a busy client is.
  for (let i = 0; i < LIMIT; i++)
    await storage.increment('key:partner', TTL, LIMIT, TTL, 'default');
  const start = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++)
    await storage.increment('key:partner', TTL, LIMIT, TTL, 'default');
  return Number(process.hrtime.bigint() - start) / CALLS / 1000;
}

const fixed = new FixedWindowStorage();
const results = [];
for (let round = 0; round < 3; round++) {
  const library = new ThrottlerStorageService();
  results.push({
    round: round + 1,
    'ThrottlerStorageService µs': await perCall(library),
    'FixedWindowStorage µs': await perCall(fixed),
  });
  library.onApplicationShutdown();
}
fixed.onModuleDestroy();
console.log(`Node ${process.version}, ${CALLS} increments per storage and round, limit ${LIMIT}`);
console.table(
  results.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [
        k,
        typeof v === 'number' && k !== 'round' ? v.toFixed(3) : v,
      ]),
    ),
  ),
);
