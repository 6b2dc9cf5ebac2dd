import { ApiProperty } from '@nestjs/swagger';
import { ErrorCode } from './error-code.enum.js';

/** The Error shape of the spec: every error response has exactly these three fields. */
export class ErrorResponseDto {
  @ApiProperty({ enum: ErrorCode, enumName: 'ErrorCode', description: 'Machine-readable error code.', example: ErrorCode.VALIDATION_FAILED })
  code: ErrorCode;

  @ApiProperty({ description: 'Human-readable description.', example: 'categoryId is required: an integer in the int64 range' })
  message: string;

  @ApiProperty({ type: 'integer', description: 'The HTTP status code of the response.', example: 400 })
  status: number;
}
