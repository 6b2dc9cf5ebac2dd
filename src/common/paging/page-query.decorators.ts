import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsDecimalIntegerInRange,
  IsOpaqueToken,
  ValidateIfPresent,
} from '../validation/field.decorators.js';

export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;

/** `limit`: 1 to 100, default 20. Text until validated: conversion would accept 1e1. */
export function PageLimit(description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: 'integer',
      minimum: 1,
      maximum: PAGE_LIMIT_MAX,
      default: PAGE_LIMIT_DEFAULT,
      description,
    }),
    IsDecimalIntegerInRange(1, PAGE_LIMIT_MAX),
    ValidateIfPresent(),
  );
}

/** `cursor`: where the page starts, as the previous page's Link gave it. */
export function PageCursor(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: 'string',
      minLength: 1,
      maxLength: 64,
      pattern: '^[A-Za-z0-9_-]+$',
      // No example: Swagger UI would send it on "Try it out", and only issued cursors are valid.
      description:
        'Where the page starts: pass the URL of the previous response\'s `Link: rel="next"` ' +
        'header as it is. Opaque; do not build or alter it.',
    }),
    IsOpaqueToken(),
    ValidateIfPresent(),
  );
}
