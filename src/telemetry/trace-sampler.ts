import { type Attributes, type Context, type Link, SpanKind, trace } from '@opentelemetry/api';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  type Sampler,
  SamplingDecision,
  type SamplingResult,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace';
import { ATTR_DB_SYSTEM_NAME } from '@opentelemetry/semantic-conventions';
import type { SamplerSetting } from './tracing-settings.js';

/** OTEL_TRACES_SAMPLER's sampler, as the specification defines each name. */
function standardSampler(setting: SamplerSetting): Sampler {
  switch (setting.name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(setting.ratio);
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(setting.ratio) });
  }
}

/**
 * A database statement outside any span (the background loops polling every half second) starts
 * no trace of its own; everything else is the configured sampler's to decide.
 */
class StatementsWithinTraces implements Sampler {
  constructor(private readonly configured: Sampler) {}

  shouldSample(
    parent: Context,
    traceId: string,
    name: string,
    kind: SpanKind,
    attributes: Attributes,
    links: Link[],
  ): SamplingResult {
    if (
      kind === SpanKind.CLIENT &&
      attributes[ATTR_DB_SYSTEM_NAME] !== undefined &&
      trace.getSpan(parent) === undefined
    )
      return { decision: SamplingDecision.NOT_RECORD };
    return this.configured.shouldSample(parent, traceId, name, kind, attributes, links);
  }

  toString(): string {
    return `StatementsWithinTraces{${this.configured.toString()}}`;
  }
}

export function samplerFor(setting: SamplerSetting): Sampler {
  return new StatementsWithinTraces(standardSampler(setting));
}
