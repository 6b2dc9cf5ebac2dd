import { describe, expect, it } from '@jest/globals';
import { TracingSettingsError, tracingSettings } from './tracing-settings.js';

const ENDPOINT = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };

describe('tracingSettings', () => {
  it('is off without an OTLP endpoint, whatever else is set', () => {
    expect(tracingSettings({})).toBeUndefined();
    expect(
      tracingSettings({ OTEL_SERVICE_NAME: 'petstore', OTEL_TRACES_SAMPLER: 'always_on' }),
    ).toBeUndefined();
    expect(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBeUndefined();
  });

  it('is off with OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none, endpoint or not', () => {
    expect(tracingSettings({ ...ENDPOINT, OTEL_SDK_DISABLED: 'TRUE' })).toBeUndefined();
    expect(tracingSettings({ ...ENDPOINT, OTEL_TRACES_EXPORTER: 'none' })).toBeUndefined();
    expect(tracingSettings({ ...ENDPOINT, OTEL_SDK_DISABLED: 'false' })).toBeDefined();
  });

  it('is on with either endpoint: http/protobuf and parentbased_always_on by default', () => {
    expect(tracingSettings(ENDPOINT)).toEqual({
      protocol: 'http/protobuf',
      sampler: { name: 'parentbased_always_on' },
    });
    expect(
      tracingSettings({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://collector/v1/traces' }),
    ).toBeDefined();
  });

  it('reads the sampler, its ratio and the protocol (the traces one first)', () => {
    expect(
      tracingSettings({
        ...ENDPOINT,
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.1',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
      }),
    ).toEqual({
      protocol: 'http/json',
      sampler: { name: 'parentbased_traceidratio', ratio: 0.1 },
    });
  });

  it.each([
    [{ OTEL_TRACES_SAMPLER: 'sometimes' }, 'OTEL_TRACES_SAMPLER=sometimes'],
    [{ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '1.5' }, 'from 0 to 1'],
    [
      { OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: 'ten' },
      'OTEL_TRACES_SAMPLER_ARG=ten',
    ],
    [{ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }, 'OTEL_EXPORTER_OTLP_PROTOCOL=grpc'],
    [{ OTEL_TRACES_EXPORTER: 'zipkin' }, 'OTEL_TRACES_EXPORTER=zipkin'],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, 'http:// or https://'],
  ])('refuses %o, naming it', (env, named) => {
    expect(() => tracingSettings({ ...ENDPOINT, ...env })).toThrow(TracingSettingsError);
    expect(() => tracingSettings({ ...ENDPOINT, ...env })).toThrow(named);
  });
});
