// Jest runs in native ESM mode (NestJS 12 ships ES modules only): see the "test" script. Two
// projects: the unit specs beside the code (no build, no server), and the suites under test/.
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Suites left out for want of a server or browser note themselves here (test/support/optional-suites.ts);
// the reporter names them in the run's last line. Set once for the run, so test workers inherit it.
process.env.PETSTORE_LEFT_OUT_FILE ??= join(tmpdir(), `petstore-left-out-${process.pid}.jsonl`);

const typescript = {
  testEnvironment: 'node',
  rootDir: '.',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  // SWC strips types without checking them (`npm run typecheck` is the one type check); its options
  // are .swcrc's, the same the Nest CLI builds dist/ with.
  transform: { '^.+\\.ts$': ['@swc/jest'] },
};

/** @type {import('jest').Config} */
export default {
  testTimeout: 30000,
  // Workers exit within milliseconds of Jest's request; beside a CPU hog that exchange outran
  // Jest's 500 ms default. A handle left open still holds a worker past this, and Jest says so.
  workerGracefulExitTimeout: 5000,
  testSequencer: '<rootDir>/test/support/test-sequencer.mjs',
  reporters: ['default', '<rootDir>/test/support/left-out-reporter.mjs'],
  projects: [
    { ...typescript, displayName: 'unit', roots: ['<rootDir>/src'], testRegex: '\\.spec\\.ts$' },
    {
      ...typescript,
      displayName: 'e2e',
      // Every suite here loads the app; most unit specs do not, and the one that needs
      // @nestjs/throttler imports it itself (preloading it cost every unit spec its load time).
      setupFiles: ['<rootDir>/test/support/preload-commonjs.cjs'],
      roots: ['<rootDir>/test'],
      testRegex: '\\.(spec|e2e-spec)\\.ts$',
      // One fresh build before any suite starts, and TEST_MYSQL_URL named by its server's family.
      globalSetup: '<rootDir>/test/support/global-setup.mjs',
    },
  ],
};
