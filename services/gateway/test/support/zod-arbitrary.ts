/**
 * fast-check arbitraries made from the contracts' zod (v4) schemas: `fromSchema` makes values the
 * schema describes (often valid, sometimes just outside a bound), `hostileBody` makes what an
 * attacker or a broken client sends instead: wrong types, operators where strings belong, prototype
 * keys, huge and invisible text, bodies that are not objects at all. (zod-fast-check supports zod 3
 * only; the contracts are zod 4.)
 */
import * as fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import type { z } from 'zod';

interface Def {
  type: string;
  checks?: Array<{ _zod: { def: Record<string, unknown> } }>;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

function checksOf(def: Def): Record<string, unknown>[] {
  return (def.checks ?? []).map((check) => check._zod.def);
}

/** Text of every kind a name, title or message may meet: plain, spaced, accented, emoji, invisible, control. */
const awkwardText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('', ' ', '   ', '\u0000', 'a\u202Eb', '\u200B', '<script>alert(1)</script>', "' OR 1=1 --", '{"$gt":""}', '💥'.repeat(3)),
);

function stringArbitrary(def: Def): Arbitrary<string> {
  const checks = checksOf(def);
  const min = Number(checks.find((c) => c.check === 'min_length')?.minimum ?? 0);
  const max = Number(checks.find((c) => c.check === 'max_length')?.maximum ?? Math.max(min, 40));
  const format = checks.find((c) => c.check === 'string_format');
  if (format?.format === 'email') return fc.emailAddress();
  if (format?.format === 'regex' && format.pattern instanceof RegExp) return fc.stringMatching(format.pattern);
  // Lengths around the bounds: at them, and one past.
  return fc.oneof(
    fc.string({ minLength: min, maxLength: Math.min(max, min + 30) }),
    fc.string({ minLength: max, maxLength: max }),
    fc.string({ minLength: max + 1, maxLength: max + 1 }),
    awkwardText,
  );
}

function numberArbitrary(def: Def): Arbitrary<number> {
  const checks = checksOf(def);
  const isInt = checks.some((c) => c.check === 'number_format' && String(c.format).includes('int'));
  const low = checks.find((c) => c.check === 'greater_than')?.value as number | undefined;
  const high = checks.find((c) => c.check === 'less_than')?.value as number | undefined;
  const near = fc.integer({ min: (low ?? -10) - 2, max: (high ?? (low ?? 0) + 20) + 2 });
  return isInt ? fc.oneof(near, fc.integer()) : fc.oneof(near, fc.double());
}

/** Values the schema describes, bounds included and just past them. */
export function fromSchema(schema: z.ZodType): Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries!));
    case 'literal':
      return fc.constantFrom(...def.values!);
    case 'array': {
      const checks = checksOf(def);
      const maxLength = Number(checks.find((c) => c.check === 'max_length')?.maximum ?? 5);
      return fc.array(fromSchema(def.element!), { maxLength: Math.min(maxLength + 1, 12) });
    }
    case 'object': {
      const shape = def.shape!;
      const keys = Object.keys(shape);
      const required = keys.filter((key) => !['optional', 'default', 'prefault'].includes(defOf(shape[key]!).type));
      return fc.record(Object.fromEntries(keys.map((key) => [key, fromSchema(shape[key]!)])), { requiredKeys: required });
    }
    case 'optional':
      return fc.option(fromSchema(def.innerType!), { nil: undefined });
    case 'nullable':
      return fc.option(fromSchema(def.innerType!), { nil: null });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fromSchema(def.innerType!);
    case 'pipe':
      // A transform's output says nothing of its input: make the input then.
      return defOf(def.out!).type === 'transform' ? fromSchema(def.in!) : fc.oneof(fromSchema(def.out!), fromSchema(def.in!));
    case 'union':
      return fc.oneof(...def.options!.map(fromSchema));
    default:
      // unknown, any, transform, custom: anything JSON can carry.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** What a schema's fields should never be: other types, query operators, prototype keys, huge text. */
const hostileValue: Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom({ $gt: '' }, { $ne: null }, { $where: 'sleep(1000)' }, { $regex: '.*' }, ['$gt', 1]),
  fc.constantFrom(-1, 0, 1e308, -0, Number.MAX_SAFE_INTEGER + 2, '1e309', 'NaN', true, null),
  fc.string({ minLength: 10_001, maxLength: 10_050 }),
  awkwardText,
);

/** A body an attacker or a broken client sends to an operation with this body schema. */
export function hostileBody(schema: z.ZodType): Arbitrary<unknown> {
  const def = defOf(schema);
  const keys = def.type === 'object' ? Object.keys(def.shape!) : [];
  const valid = fromSchema(schema);
  // One or more fields replaced by something else (a body without fields, an upload's, has none to replace).
  const replacedFields = keys.length === 0 ? [] : [
    {
      weight: 4,
      arbitrary: fc
        .tuple(valid, fc.subarray(keys, { minLength: 1 }), fc.array(hostileValue, { minLength: keys.length, maxLength: keys.length }))
        .map(([body, replaced, values]) => {
          const copy = { ...(body as Record<string, unknown>) };
          replaced.forEach((key, index) => (copy[key] = values[index]));
          return copy;
        }),
    },
  ];
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    ...replacedFields,
    // Keys nobody asked for, prototype pollution among them.
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.constantFrom('__proto__', 'constructor', 'prototype', '_id', 'isAdmin', 'authorId', 'userId', 'version', '$set'), hostileValue)
        // JSON.parse makes `__proto__` an own key, as a server's body parser meets it.
        .map(([body, key, value]) =>
          JSON.parse(`{${[`${JSON.stringify(key)}:${JSON.stringify(value ?? null)}`, JSON.stringify(body).slice(1, -1)].filter(Boolean).join(',')}}`),
        ),
    },
    // Not an object at all.
    { weight: 1, arbitrary: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom('not json', '{"unclosed":', '[]', 'null', '""')) },
  );
}
