import { describe, expect, it } from '@jest/globals';
import { edgeShareOf, tracingRequested } from './start.js';

describe('tracingRequested', () => {
  it('is off when no OTEL_* setting asks for traces', () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_SERVICE_NAME: 'orders' })).toBe(false);
  });

  it('is on with an OTLP endpoint or a traces exporter', () => {
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: 'console' })).toBe(true);
  });

  it('is off when the SDK is disabled or the traces exporter is none, endpoint or not', () => {
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: ' TRUE ' })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'false' })).toBe(true);
  });
});

describe('edgeShareOf', () => {
  it("is the ratio of a trace-id-ratio sampler, whole or parent-based", () => {
    expect(edgeShareOf({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.02' })).toBe(0.02);
    expect(edgeShareOf({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.5' })).toBe(0.5);
    expect(edgeShareOf({ OTEL_TRACES_SAMPLER: 'traceidratio' })).toBe(1);
  });

  it('keeps a ratio out of range or unreadable within what a share can be', () => {
    expect(edgeShareOf({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '7' })).toBe(1);
    expect(edgeShareOf({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '-1' })).toBe(0);
    expect(edgeShareOf({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: 'half' })).toBe(1);
  });

  it('is everything by default and with always_on, nothing with always_off', () => {
    expect(edgeShareOf({})).toBe(1);
    expect(edgeShareOf({ OTEL_TRACES_SAMPLER: 'always_on' })).toBe(1);
    expect(edgeShareOf({ OTEL_TRACES_SAMPLER: 'parentbased_always_off' })).toBe(0);
  });
});
