// Preloaded into the service by bench/many-keys.mjs (NODE_OPTIONS=--require): the first SIGUSR2 starts
// measuring the event loop's delay at 1 ms resolution (prom-client's metric samples every 10 ms, which
// adds up to 10 ms to what it reports), the second writes the longest delay to stderr and stops.
const { monitorEventLoopDelay } = require('node:perf_hooks');

const histogram = monitorEventLoopDelay({ resolution: 1 });
let measuring = false;
process.on('SIGUSR2', () => {
  if (!measuring) {
    histogram.reset();
    histogram.enable();
  } else {
    histogram.disable();
    process.stderr.write(`EVENT_LOOP_MAX_MS=${(histogram.max / 1e6).toFixed(1)}\n`);
  }
  measuring = !measuring;
});
