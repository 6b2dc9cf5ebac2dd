import type { ArgumentMetadata } from '@nestjs/common';
import { Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import { CreatePetDto } from '../../pets/dto/create-pet.dto.js';
import { ListPetsQueryDto } from '../../pets/dto/list-pets.query.dto.js';
import { AppException } from '../errors/app.exception.js';
import { parseJson } from '../json/exact-json.codec.js';
import { AppValidationPipe } from './app-validation.pipe.js';
import { IsDateOnly } from './field.decorators.js';

const pipe = new AppValidationPipe();
const body: ArgumentMetadata = { type: 'body', metatype: CreatePetDto };
const query: ArgumentMetadata = { type: 'query', metatype: ListPetsQueryDto };

async function failure(value: unknown, metadata: ArgumentMetadata): Promise<AppException> {
  try {
    await pipe.transform(value, metadata);
  } catch (error) {
    expect(error).toBeInstanceOf(AppException);
    return error as AppException;
  }
  throw new Error(
    `expected ${JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? String(v) : v))} to be rejected`,
  );
}

describe('AppValidationPipe with CreatePetDto', () => {
  it('accepts a valid NewPet and keeps int64 values exact', async () => {
    const value = parseJson('{"name":"Rex","categoryId":9223372036854775807,"status":"sold"}');
    const pet = (await pipe.transform(value, body)) as CreatePetDto;
    expect(pet).toBeInstanceOf(CreatePetDto);
    expect(pet).toMatchObject({ name: 'Rex', categoryId: 9223372036854775807n, status: 'sold' });
  });

  it.each([
    [
      '{"categoryId":1}',
      /^name is required: a string of 1 to 255 characters \(well-formed Unicode\)\.$/,
    ],
    [
      '{"name":"Rex"}',
      /^categoryId is required: an integer from -9223372036854775808 to 9223372036854775807/,
    ],
    ['{"name":"Rex","categoryId":"5"}', /categoryId must be an integer .*; got the string "5"\.$/],
    ['{"name":"Rex","categoryId":5.0}', /categoryId must be .*; got the number 5\.0\.$/],
    ['{"name":"Rex","categoryId":true}', /got the boolean true/],
    ['{"name":"Rex","categoryId":9223372036854775808}', /categoryId must be an integer/],
    [
      '{"name":"Rex","categoryId":1,"status":"SOLD"}',
      /status must be one of available, pending, sold \(case-sensitive\); got the string "SOLD"/,
    ],
    [
      '{"name":"Rex","categoryId":1,"id":1}',
      /^unknown property "id"; allowed: name, categoryId, status\.$/,
    ],
    ['{}', /name is required.*; categoryId is required/],
  ])('rejects %s as VALIDATION_FAILED', async (text, message) => {
    const error = await failure(parseJson(text), body);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.getStatus()).toBe(400);
    expect(error.message).toMatch(message);
  });

  it.each(['__proto__', 'constructor', 'prototype'])(
    'refuses a %s property by name instead of dropping it',
    async (key) => {
      const error = await failure(
        parseJson(`{"name":"Rex","categoryId":1,"${key}":{"polluted":true}}`),
        body,
      );
      expect(error.message).toBe(`unknown property "${key}"; allowed: name, categoryId, status.`);
    },
  );

  it('reports every problem at once: the fields, then the unknown properties', async () => {
    const error = await failure(
      parseJson('{"name":"","categoryId":"5","id":1,"__proto__":{}}'),
      body,
    );
    expect(error.message).toBe(
      'name must be a string of 1 to 255 characters (well-formed Unicode); got the string ""; ' +
        'categoryId must be an integer from -9223372036854775808 to 9223372036854775807, written without fraction or exponent; got the string "5"; ' +
        'unknown properties "id", "__proto__"; allowed: name, categoryId, status.',
    );
  });

  it('counts name length in characters (code points), as MySQL does', async () => {
    await expect(
      pipe.transform({ name: '🐕'.repeat(255), categoryId: 1 }, body),
    ).resolves.toBeInstanceOf(CreatePetDto);
    expect((await failure({ name: '🐕'.repeat(256), categoryId: 1 }, body)).message).toMatch(
      /name must be a string of 1 to 255/,
    );
    expect((await failure({ name: 'a\uD800b', categoryId: 1 }, body)).message).toMatch(
      /well-formed Unicode/,
    );
  });
});

describe('AppValidationPipe with ListPetsQueryDto', () => {
  it('accepts plain decimal limits from 1 to 100 and a known status', async () => {
    await expect(pipe.transform({ limit: '100', status: 'pending' }, query)).resolves.toMatchObject(
      { limit: '100', status: 'pending' },
    );
    await expect(pipe.transform({}, query)).resolves.toBeInstanceOf(ListPetsQueryDto);
  });

  it.each(['0', '101', '-1', '1.5', 'abc', '', '1e1', '0x10', ' 5', ['5', '6']])(
    'rejects limit %p',
    async (limit) => {
      expect((await failure({ limit }, query)).message).toMatch(
        /^limit must be an integer from 1 to 100, in plain decimal digits, given once/,
      );
    },
  );

  it('names unknown query parameters', async () => {
    expect((await failure({ limt: '5', offset: '2' }, query)).message).toBe(
      'unknown query parameters "limt", "offset"; allowed: limit, status, cursor.',
    );
  });
});

describe('AppValidationPipe rules', () => {
  // class-validator's documented way to declare an async rule.
  @ValidatorConstraint({ name: 'remoteCheck', async: true })
  class RemoteCheck implements ValidatorConstraintInterface {
    validate(): Promise<boolean> {
      return Promise.resolve(false);
    }
  }

  class WithAsyncRule {
    @Validate(RemoteCheck)
    code!: string;
  }

  it('refuses a DTO with an async rule instead of skipping the rule', async () => {
    await expect(
      pipe.transform({ code: 'x' }, { type: 'body', metatype: WithAsyncRule }),
    ).rejects.toThrow(/WithAsyncRule\.code has an async validation rule/);
  });
});

describe('AppValidationPipe and the service clock', () => {
  class RecordVisitDto {
    @IsDateOnly({ notInFuture: true })
    recordedOn: string;
  }
  const fixed = (at: number) => new AppValidationPipe({ now: () => at });
  const visit: ArgumentMetadata = { type: 'body', metatype: RecordVisitDto };

  it('judges "not in the future" by its own clock, a moved one too', async () => {
    const tomorrow = { recordedOn: '2026-11-30' };
    const error = await fixed(Date.UTC(2026, 10, 29, 23))
      .transform(tomorrow, visit)
      .catch((e) => e);
    expect(error).toBeInstanceOf(AppException);
    expect((error as AppException).message).toMatch(/not after today \(2026-11-29, UTC\)/);
    await expect(fixed(Date.UTC(2026, 10, 30, 1)).transform(tomorrow, visit)).resolves.toEqual(
      tomorrow,
    );
  });
});
