import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { AppException } from '../errors/app.exception.js';
import { ErrorCode } from '../errors/error-code.enum.js';
import { INT64_MAX, INT64_MIN, parseInt64 } from '../int64/int64.js';
import { describeReceived } from './received.js';

/** An int64 path parameter, exact (ParseIntPipe rounds above 2^53). */
@Injectable()
export class ParseInt64Pipe implements PipeTransform<string, bigint> {
  transform(value: string, metadata: ArgumentMetadata): bigint {
    const parsed = parseInt64(value);
    if (parsed === null) {
      throw new AppException(
        ErrorCode.VALIDATION_FAILED,
        `${metadata.data ?? 'id'} must be an integer from ${INT64_MIN} to ${INT64_MAX} in ` +
          `decimal digits; got ${describeReceived(value)}.`,
      );
    }
    return parsed;
  }
}
