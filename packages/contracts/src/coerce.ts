/**
 * A form field or query value read as a number: text and numbers convert, anything else (an object,
 * an array) is left for the schema to refuse. `Number()` of an object whose `valueOf` and `toString`
 * are not functions (`{"valueOf": 1, "toString": 2}` in a JSON body) throws, and a throw inside a
 * schema's preprocess is not a validation error but a 500.
 */
export function numberFromText(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? value : Number(value);
  return value;
}
