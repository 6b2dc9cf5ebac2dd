// @nestjs/throttler is CommonJS and requires NestJS 12's ES modules. Jest links a test file's
// imports concurrently, so a CommonJS package evaluated during that linking finds @nestjs/common
// half-loaded ("Cannot require() ES Module ... in a cycle"). Loaded here first (the e2e project's
// setupFiles), it requires @nestjs/common while nothing else is loading; the suite then shares it.
// A unit spec that needs it imports it with `await import()` after its static imports instead.
require('@nestjs/throttler');
require('@nest-lab/throttler-storage-redis');
