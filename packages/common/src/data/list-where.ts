import type { ListDef } from './list-index';

/** A stored value equals the wanted one, compared as text (a stored ObjectId and its hex id are equal). */
const sameValue = (stored: unknown, wanted: unknown) => String(stored) === String(wanted);

/**
 * The list of documents whose fields hold `fields`: its database filter and its membership test say
 * the same thing, as MongoDB reads the filter (an array field holds a value when one of its
 * elements equals it; any other field when it equals it).
 */
export function listWhere<T>(name: string, fields: { [K in keyof T]?: unknown }): ListDef<T> {
  const wanted = Object.entries(fields) as Array<[keyof T & string, unknown]>;
  return {
    name,
    filter: Object.fromEntries(wanted),
    contains: (doc) =>
      wanted.every(([field, value]) => {
        const stored = doc[field];
        return Array.isArray(stored)
          ? stored.some((element) => sameValue(element, value))
          : sameValue(stored, value);
      }),
  };
}
