import { z } from 'zod';
import { isBlank } from './text';

/**
 * A required text field: trimmed; missing, blank or only invisible characters answers
 * `blankMessage`; too long answers a message that names the field and its limit.
 */
export function requiredText(label: string, max: number, blankMessage: string) {
  return z
    .string({ error: blankMessage })
    .trim()
    .refine((text) => !isBlank(text), blankMessage)
    .max(max, `${label} must be at most ${max} characters.`)
    .prefault('');
}
