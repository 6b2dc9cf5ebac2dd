import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ERROR_CODE_PATTERN, ErrorCode } from './error-code.enum.js';

/** The Error shape of the spec: every error response has exactly these three fields. */
@ApiSchema({ name: 'Error', description: 'Every error response has this shape.' })
export class ErrorResponseDto {
  @ApiProperty({
    type: 'string',
    pattern: ERROR_CODE_PATTERN.source,
    description:
      'Machine-readable error code: a stable name for the condition. Each response of each ' +
      'operation lists the codes it can carry; ' +
      'new operations may add codes, so treat an unknown code by its HTTP status.',
    example: ErrorCode.VALIDATION_FAILED,
  })
  code: string;

  @ApiProperty({
    description: 'Human-readable description.',
    example: 'categoryId is required: an integer in the int64 range',
  })
  message: string;

  @ApiProperty({
    type: 'integer',
    minimum: 400,
    maximum: 599,
    description: 'The HTTP status code of the response.',
    example: 400,
  })
  status: number;
}
