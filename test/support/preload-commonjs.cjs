// @nestjs/throttler is CommonJS and requires NestJS 12's ES modules. Jest links a test file's
// imports concurrently, so a CommonJS package evaluated during that linking finds @nestjs/common
// half-loaded ("Cannot require() ES Module ... in a cycle"). Loaded here first, before any test
// file, it requires @nestjs/common while nothing else is loading; the test files then share it.
require('@nestjs/throttler');
require('@nest-lab/throttler-storage-redis');
