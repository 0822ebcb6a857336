import { Injectable, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { validationProblem } from './problem';

/** Validates a request part with a zod schema; failures become 400 problems naming each field. */
@Injectable()
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(
    private readonly schema: S,
    private readonly where = 'request',
  ) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value);
    if (!result.success) throw validationProblem(result.error, this.where);
    return result.data;
  }
}
