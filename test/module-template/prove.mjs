// Proves docs/adding-a-module.md against the code, in throwaway copies of the working tree:
//   add            adds the plain module of this folder (suppliers: list, create for store keys
//                  only, get) as the guide says, then runs lint, typecheck, format, its unit spec,
//                  its e2e file and the generic suites, and checks that nothing outside its folder
//                  changed but the files the guide names;
//   remove-orders  deletes src/orders, its line in src/app.module.ts and its own e2e files, then
//                  type-checks, builds, lints and runs every remaining unit spec and the e2e files
//                  that call no route of orders (features depend one way).
// Usage: npm run check:module-guide [-- add|remove-orders]: both at once, each in a process of its
// own, unless one is named. With TEST_MYSQL_URL, e2e runs on MySQL too.
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const TEMPLATE = join(ROOT, 'test/module-template');
const DAY_MS = 86_400_000;

/** The working tree's files (committed or not, never ignored ones) in a new folder. */
function copyOfProject(name) {
  const copy = mkdtempSync(join(tmpdir(), `petstore-${name}-`));
  const listed = run(
    ROOT,
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      capture: true,
    },
  );
  const files = listed.split('\0').filter((file) => file && existsSync(join(ROOT, file)));
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(ROOT, file), join(copy, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  console.log(`== ${name}: a copy of the working tree in ${copy}`);
  return { copy, files };
}

function run(cwd, command, args, { capture = false } = {}) {
  if (!capture) console.log(`== ${cwd}$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    cwd,
    stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  if (result.status !== 0) fail(`${command} ${args.join(' ')} failed (exit ${result.status})`);
  return result.stdout;
}

function fail(why) {
  console.error(`module guide check FAILED: ${why}`);
  process.exit(1);
}

function filesUnder(folder, base = folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(path, base) : [relative(base, path)];
  });
}

/**
 * `npm run lint` and `format:check` as they bear on a step: ESLint and Prettier on the files it
 * wrote or edited, the import-cycle check on the whole tree. Every other file is the working tree's,
 * which CI lints whole; none of them can import what a step added, and none imports what
 * remove-orders deleted (checked before), so their lint cannot change.
 */
function lintTouched(copy, touched) {
  const files = touched.filter((file) => existsSync(join(copy, file)));
  const linted = files.filter((file) => /\.[cm]?[jt]s$/.test(file) && !file.endsWith('.d.ts'));
  run(copy, 'npx', ['--no-install', 'eslint', '--max-warnings', '0', ...linted]);
  run(copy, 'npm', ['run', '--silent', 'lint:cycles']);
  run(copy, 'npx', ['--no-install', 'prettier', '--check', ...files]);
}

/** The app module with `module` imported from `from` and appended to FEATURES, as the guide says. */
function registerFeature(copy, module, from) {
  const path = join(copy, 'src/app.module.ts');
  const source = readFileSync(path, 'utf8');
  const features = /const FEATURES = \[([^\]]*)\];/;
  if (!features.test(source)) fail('src/app.module.ts has no `const FEATURES = [...]` line');
  writeFileSync(
    path,
    `import { ${module} } from '${from}';\n` +
      source.replace(features, (_, list) => `const FEATURES = [${list}, ${module}];`),
  );
}

function add() {
  const { copy, files } = copyOfProject('add-a-module');
  const migrations = files.filter((file) => /^src\/[^/]+\/migrations\/\d+-/.test(file));
  const newest = Math.max(...migrations.map((file) => Number(file.split('/')[3].split('-')[0])));
  // The guide's rule: a midnight UTC above every existing migration's.
  const timestamp = String(Math.floor(newest / DAY_MS) * DAY_MS + DAY_MS);
  const added = [];
  for (const file of filesUnder(TEMPLATE).filter((name) => name.endsWith('.template'))) {
    const target = file.replace(/\.template$/, '').replaceAll('TIMESTAMP', timestamp);
    const text = readFileSync(join(TEMPLATE, file), 'utf8').replaceAll('TIMESTAMP', timestamp);
    mkdirSync(dirname(join(copy, target)), { recursive: true });
    writeFileSync(join(copy, target), text);
    added.push(target);
  }
  registerFeature(copy, 'SuppliersModule', './suppliers/suppliers.module.js');
  run(copy, 'npm', ['run', '--silent', 'openapi']);

  // Outside its folder, only what docs/adding-a-module.md ("Register it") names has changed.
  const named = [
    'src/app.module.ts',
    'openapi.json',
    'test/support/typed-client/petstore-api.d.ts',
  ];
  const changed = files.filter(
    (file) =>
      existsSync(join(copy, file)) &&
      !readFileSync(join(copy, file)).equals(readFileSync(join(ROOT, file))),
  );
  const unexpected = changed.filter((file) => !named.includes(file));
  if (unexpected.length > 0) fail(`adding the module changed ${unexpected.join(', ')}`);
  const strays = ['src', 'test']
    .flatMap((folder) => filesUnder(join(copy, folder)).map((file) => `${folder}/${file}`))
    .filter((file) => !files.includes(file) && !added.includes(file));
  if (strays.length > 0) fail(`adding the module wrote ${strays.join(', ')}`);

  // The document says what the decorators declared, with no line of the module's for it.
  const document = JSON.parse(readFileSync(join(copy, 'openapi.json'), 'utf8'));
  const create = document.paths['/suppliers']?.post;
  if (!create?.responses?.['403']?.description?.includes('STORE_KEY_REQUIRED'))
    fail("createSupplier's 403 STORE_KEY_REQUIRED is not in the document");
  if (
    document.paths['/suppliers'].get.responses['200'].content['application/json'].schema
      .maxItems !== 100
  )
    fail('listSuppliers is not bounded by maxItems in the document');

  // Its event family reached the document with no line outside the module: its feed, its
  // webhook, and its types among those an endpoint takes.
  if (!document.paths['/supplier-events']?.get?.responses?.['410'])
    fail('listSupplierEvents (with its 410 EVENTS_EXPIRED) is not in the document');
  if (!document.webhooks?.supplierEvent)
    fail("the suppliers' webhook (webhooks.supplierEvent) is not in the document");
  if (
    !document.components.schemas.NewWebhookEndpoint.properties.eventTypes.items.enum.includes(
      'supplier.added',
    )
  )
    fail('webhook endpoints do not take supplier.added');
  if (!create.parameters?.some((parameter) => parameter.name === 'Idempotency-Key'))
    fail('createSupplier does not take an Idempotency-Key');

  lintTouched(copy, [...added, ...named]);
  run(copy, 'npm', ['run', '--silent', 'typecheck']);
  run(copy, 'npm', ['run', '--silent', 'test:unit', '--', 'src/suppliers']);
  run(copy, 'npm', [
    'run',
    '--silent',
    'test:e2e',
    '--',
    'test/suppliers.e2e-spec.ts',
    'test/api-surface.e2e-spec.ts',
    'test/openapi.e2e-spec.ts',
    'test/schema.e2e-spec.ts',
    // With a second family: the orders' feed unchanged, webhooks of every family's types.
    'test/events-feed.e2e-spec.ts',
    'test/webhooks.e2e-spec.ts',
  ]);
  rmSync(copy, { recursive: true, force: true });
  console.log(
    '== add: the module of the guide, with its event family, passes lint, types, format, unit ' +
      'and e2e; the orders feed and webhooks suites pass beside it',
  );
}

function removeOrders() {
  const { copy } = copyOfProject('remove-orders');
  rmSync(join(copy, 'src/orders'), { recursive: true });
  const path = join(copy, 'src/app.module.ts');
  const source = readFileSync(path, 'utf8');
  const without = source
    .replace(/^import \{ OrdersModule \} from '\.\/orders\/orders\.module\.js';\n/m, '')
    .replace(/(const FEATURES = \[[^\]]*)\bOrdersModule, /, '$1');
  if (without === source || without.includes('OrdersModule'))
    fail('src/app.module.ts does not import OrdersModule once and list it in FEATURES');
  writeFileSync(path, without);
  // Orders' own e2e files go with them: test/orders*.e2e-spec.ts and test/order-*.e2e-spec.ts.
  const suites = readdirSync(join(copy, 'test')).filter((file) => /\.(e2e-)?spec\.ts$/.test(file));
  for (const suite of suites.filter((file) => /^orders?[-.]/.test(file)))
    rmSync(join(copy, 'test', suite));
  const importers = filesUnder(join(copy, 'src'))
    .map((file) => `src/${file}`)
    .concat(filesUnder(join(copy, 'test')).map((file) => `test/${file}`))
    .filter((file) => /\.(ts|mjs)$/.test(file))
    .filter((file) =>
      /from '(\.\.?\/)+(src\/)?orders\//.test(readFileSync(join(copy, file), 'utf8')),
    );
  if (importers.length > 0) fail(`without orders these still import them: ${importers.join(', ')}`);

  run(copy, 'npm', ['run', '--silent', 'typecheck']);
  run(copy, 'npm', ['run', '--silent', 'build']);
  lintTouched(copy, ['src/app.module.ts']);
  run(copy, 'npm', ['run', '--silent', 'test:unit']);
  // The e2e files that call no route of orders (nor the events feed and webhooks, whose events
  // only orders make today, nor the committed document, which lists orders), and that run the
  // application in Jest's process: the suites of processes (start-up, workers, installs) test no
  // feature module, and the full suite runs them.
  const independent = suites
    .filter((file) => existsSync(join(copy, 'test', file)))
    .filter(
      (file) =>
        !/orders|\/events|webhook|openapi\.json|petstore-api|compiled-server|spawn-until|node:child_process/.test(
          readFileSync(join(copy, 'test', file), 'utf8'),
        ),
    );
  if (independent.length === 0) fail('no e2e file is left to run without orders');
  run(copy, 'npm', [
    'run',
    '--silent',
    'test:e2e',
    '--',
    ...independent.map((file) => `test/${file}`),
  ]);
  rmSync(copy, { recursive: true, force: true });
  console.log(
    `== remove-orders: types, build, lint, every unit spec and ${independent.length} e2e files pass`,
  );
}

/**
 * Both steps at once, each in a process of its own (their copies share nothing): one waits on its
 * suites while the other lints. Each line is prefixed with its step; fails if either fails.
 */
async function both() {
  const outcomes = await Promise.all(
    Object.keys(steps).map(
      (name) =>
        new Promise((resolve) => {
          const child = spawn(process.execPath, [fileURLToPath(import.meta.url), name], {
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          for (const stream of [child.stdout, child.stderr]) {
            createInterface({ input: stream }).on('line', (line) =>
              console.log(`[${name}] ${line}`),
            );
          }
          child.on('close', (code) => resolve({ name, code }));
        }),
    ),
  );
  const failed = outcomes.filter(({ code }) => code !== 0).map(({ name }) => name);
  if (failed.length > 0) fail(`${failed.join(' and ')} failed (see its lines above)`);
  console.log('== the module guide holds: add and remove-orders both passed');
}

const steps = { add, 'remove-orders': removeOrders };
const chosen = process.argv.slice(2);
if (chosen.length === 0) await both();
for (const name of chosen) {
  if (!steps[name]) fail(`unknown step ${name}: add or remove-orders`);
  steps[name]();
}
