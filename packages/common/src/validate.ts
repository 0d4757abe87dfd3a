import type { z } from 'zod';
import { badRequest, zodMessage } from './errors';

/** Parses input with a contracts schema; a problem becomes a 400 with the schema's own message. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(zodMessage(result.error));
  return result.data;
}
