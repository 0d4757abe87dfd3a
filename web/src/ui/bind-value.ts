import type { ChangeEvent } from 'react';
import type { SelectOption } from './select';

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * A controlled field's value and change handler, spread on an Input, Textarea or Select:
 * `<Input label="Title" {...bindValue(title, setTitle)} />`. A Select's value is one of its options.
 */
export function bindValue<T extends string>(value: T, set: (value: T) => void) {
  return { value, onChange: (event: ChangeEvent<FieldElement>) => set(event.target.value as T) };
}

/** A Select's options from a list of values, each shown as itself or by its label. */
export function optionsOf<T extends string>(
  values: readonly T[],
  labels?: Record<T, string>,
): SelectOption[] {
  return values.map((value) => ({ value, label: labels ? labels[value] : value }));
}
