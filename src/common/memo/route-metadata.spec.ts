import { jest } from '@jest/globals';
import { Controller, Get, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { RouteMetadataReflector } from './route-metadata.js';

const LIMIT = 'test:limit';

@Controller()
@SetMetadata(LIMIT, 10)
class LimitedController {
  @Get('own')
  @SetMetadata(LIMIT, 1)
  own(): void {}

  @Get('inherited')
  inherited(): void {}
}

@Controller()
class PlainController {
  @Get()
  plain(): void {}
}

describe('RouteMetadataReflector', () => {
  /** A controller method as Nest's ExecutionContext.getHandler() hands it over. */
  const handler = (name: string, controller: object = LimitedController): object =>
    (controller as { prototype: Record<string, object> }).prototype[name];

  it("answers as Nest's Reflector: the handler's value first, then the controller's, else undefined", () => {
    const remembering = new RouteMetadataReflector();
    const nest = new Reflector();
    const pairs: [object, object][] = [
      [handler('own'), LimitedController],
      [handler('inherited'), LimitedController],
      [handler('plain', PlainController), PlainController],
    ];
    const answers = pairs.map((targets) =>
      remembering.getAllAndOverride<number | undefined>(LIMIT, targets as never),
    );
    expect(answers).toEqual([1, 10, undefined]);
    expect(answers).toEqual(
      pairs.map((targets) => nest.getAllAndOverride<number | undefined>(LIMIT, targets as never)),
    );
  });

  it('reads a [handler, controller] pair once per key, then answers from memory', () => {
    const remembering = new RouteMetadataReflector();
    const get = jest.spyOn(Reflector.prototype, 'get');
    try {
      for (let i = 0; i < 3; i++)
        expect(
          remembering.getAllAndOverride(LIMIT, [handler('inherited'), LimitedController]),
        ).toBe(10);
      // The handler has none, the controller has it: two reads the first time, none after.
      expect(get).toHaveBeenCalledTimes(2);
      expect(
        remembering.getAllAndOverride('test:other', [handler('inherited'), LimitedController]),
      ).toBeUndefined();
      expect(get).toHaveBeenCalledTimes(4);
    } finally {
      get.mockRestore();
    }
  });

  it('reads again for the same handler under another controller (a handler inherited by two controllers)', () => {
    const remembering = new RouteMetadataReflector();
    expect(remembering.getAllAndOverride(LIMIT, [handler('inherited'), LimitedController])).toBe(
      10,
    );
    expect(
      remembering.getAllAndOverride(LIMIT, [handler('inherited'), PlainController]),
    ).toBeUndefined();
    expect(remembering.getAllAndOverride(LIMIT, [handler('inherited'), LimitedController])).toBe(
      10,
    );
  });

  it('passes any other list of targets to Reflector as it is, without remembering it', () => {
    const remembering = new RouteMetadataReflector();
    expect(remembering.getAllAndOverride(LIMIT, [LimitedController])).toBe(10);
    expect(
      remembering.getAllAndOverride(LIMIT, [
        handler('plain', PlainController),
        PlainController,
        LimitedController,
      ]),
    ).toBe(10);
  });
});
