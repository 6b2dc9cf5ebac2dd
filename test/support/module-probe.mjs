// Loaded with --import before the service: writes a line for every OpenTelemetry module (and the
// module hooks tracing brings) that the process loads, by require or import alike, and for every
// import of the OpenTelemetry API with the module that asked for it.
import { registerHooks } from 'node:module';

const WATCHED = /\/node_modules\/(@opentelemetry|import-in-the-middle|require-in-the-middle)\//;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === '@opentelemetry/api')
      process.stderr.write(`module-probe: @opentelemetry/api from ${context.parentURL}\n`);
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    if (WATCHED.test(url)) process.stderr.write(`module-probe: loaded ${url}\n`);
    return nextLoad(url, context);
  },
});
