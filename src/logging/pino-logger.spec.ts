import { Writable } from 'node:stream';
import pino from 'pino';
import { mergeMixinFields } from './pino-logger.js';

/** The lines a pino logger with this mixin writes, parsed. */
function linesWithMixin(mixin: () => object, write: (logger: pino.Logger) => void): unknown[] {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = pino({ mixin, mixinMergeStrategy: mergeMixinFields }, sink);
  write(logger);
  return lines.map((line) => JSON.parse(line) as unknown);
}

describe('mergeMixinFields', () => {
  it("adds the mixin's fields to the line, the line's own fields winning, as pino's merge does", () => {
    const [line] = linesWithMixin(
      () => ({ trace_id: 'abc', span_id: 'def', reqId: 'from the mixin' }),
      (logger) => logger.info({ reqId: 'r-1', status: 200 }, 'GET /v1/pets 200'),
    );
    expect(line).toMatchObject({
      trace_id: 'abc',
      span_id: 'def',
      reqId: 'r-1',
      status: 200,
      msg: 'GET /v1/pets 200',
    });
  });

  it('keeps the line as it is when the mixin adds nothing', () => {
    const fields = { reqId: 'r-2', status: 404 };
    const [line] = linesWithMixin(
      () => ({}),
      (logger) => logger.warn(fields, 'GET /v1/pets/1 404'),
    );
    expect(line).toMatchObject({ reqId: 'r-2', status: 404, msg: 'GET /v1/pets/1 404' });
    expect(line).not.toHaveProperty('trace_id');
    expect(fields).toEqual({ reqId: 'r-2', status: 404 });
    expect(mergeMixinFields(fields, {})).toBe(fields);
  });
});
