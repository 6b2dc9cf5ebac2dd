/**
 * Whether tracing is on, read from OpenTelemetry's standard variables, with no OpenTelemetry
 * package loaded: off unless an OTLP endpoint is set, and always off with OTEL_SDK_DISABLED=true.
 */
export interface TracingSettings {
  protocol: OtlpProtocol;
  sampler: SamplerSetting;
}

export type OtlpProtocol = 'http/protobuf' | 'http/json';

export type SamplerSetting =
  | { name: 'always_on' | 'always_off' | 'parentbased_always_on' | 'parentbased_always_off' }
  | { name: 'traceidratio' | 'parentbased_traceidratio'; ratio: number };

const SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

/** The OpenTelemetry variables a deployment may set (docs/operations.md#tracing). */
export const TRACING_VARIABLES: ReadonlySet<string> = new Set([
  'OTEL_SDK_DISABLED',
  'OTEL_TRACES_EXPORTER',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
  'OTEL_EXPORTER_OTLP_PROTOCOL',
  'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL',
  'OTEL_EXPORTER_OTLP_HEADERS',
  'OTEL_EXPORTER_OTLP_TIMEOUT',
  'OTEL_EXPORTER_OTLP_COMPRESSION',
  'OTEL_TRACES_SAMPLER',
  'OTEL_TRACES_SAMPLER_ARG',
  'OTEL_SERVICE_NAME',
  'OTEL_RESOURCE_ATTRIBUTES',
  'OTEL_BSP_MAX_QUEUE_SIZE',
  'OTEL_BSP_SCHEDULE_DELAY',
  'OTEL_BSP_MAX_EXPORT_BATCH_SIZE',
  'OTEL_BSP_EXPORT_TIMEOUT',
]);

/** A variable set to a value this service cannot honour: start-up stops, naming it. */
export class TracingSettingsError extends Error {}

function read(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

/** The settings when tracing is on; undefined when it is off. Throws on a value it cannot honour. */
export function tracingSettings(env: NodeJS.ProcessEnv): TracingSettings | undefined {
  if (read(env, 'OTEL_SDK_DISABLED')?.toLowerCase() === 'true') return undefined;

  const exporters = (read(env, 'OTEL_TRACES_EXPORTER') ?? 'otlp').split(',').map((e) => e.trim());
  if (exporters.includes('none')) return undefined;
  const unsupported = exporters.filter((exporter) => exporter !== 'otlp');
  if (unsupported.length > 0)
    throw new TracingSettingsError(
      `OTEL_TRACES_EXPORTER=${unsupported.join(',')} is not supported: use otlp (or none)`,
    );

  const endpoint =
    read(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') ?? read(env, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  if (endpoint === undefined) return undefined;
  if (!URL.canParse(endpoint) || !/^https?:$/.test(new URL(endpoint).protocol))
    throw new TracingSettingsError(
      'the OTLP endpoint (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or OTEL_EXPORTER_OTLP_ENDPOINT) ' +
        'must be an http:// or https:// URL',
    );

  return { protocol: protocolOf(env), sampler: samplerOf(env) };
}

function protocolOf(env: NodeJS.ProcessEnv): OtlpProtocol {
  const variable = read(env, 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL')
    ? 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'
    : 'OTEL_EXPORTER_OTLP_PROTOCOL';
  const protocol = read(env, variable) ?? 'http/protobuf';
  if (protocol === 'http/protobuf' || protocol === 'http/json') return protocol;
  throw new TracingSettingsError(
    `${variable}=${protocol} is not supported: spans go out as OTLP over HTTP ` +
      '(http/protobuf, the default, or http/json; port 4318 on a collector)',
  );
}

function samplerOf(env: NodeJS.ProcessEnv): SamplerSetting {
  const name = read(env, 'OTEL_TRACES_SAMPLER') ?? 'parentbased_always_on';
  const known = SAMPLERS.find((sampler) => sampler === name);
  if (known === undefined)
    throw new TracingSettingsError(
      `OTEL_TRACES_SAMPLER=${name} is not supported: use one of ${SAMPLERS.join(', ')}`,
    );
  if (known !== 'traceidratio' && known !== 'parentbased_traceidratio') return { name: known };
  const argument = read(env, 'OTEL_TRACES_SAMPLER_ARG') ?? '1';
  const ratio = Number(argument);
  if (!/^\d*\.?\d+(e-?\d+)?$/i.test(argument) || !(ratio >= 0 && ratio <= 1))
    throw new TracingSettingsError(
      `OTEL_TRACES_SAMPLER_ARG=${argument} is not a sampling ratio: use a number from 0 to 1`,
    );
  return { name: known, ratio };
}
