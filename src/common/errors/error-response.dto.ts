import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ErrorCode } from './error-code.enum.js';

/** The Error shape of the spec: every error response has exactly these three fields. */
@ApiSchema({ name: 'Error', description: 'Every error response has this shape.' })
export class ErrorResponseDto {
  @ApiProperty({ enum: ErrorCode, description: 'Machine-readable error code, from a small stable set.', example: ErrorCode.VALIDATION_FAILED })
  code: ErrorCode;

  @ApiProperty({ description: 'Human-readable description.', example: 'categoryId is required: an integer in the int64 range' })
  message: string;

  @ApiProperty({ type: 'integer', minimum: 400, maximum: 599, description: 'The HTTP status code of the response.', example: 400 })
  status: number;
}
