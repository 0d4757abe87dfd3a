import { useState } from 'react';

/** What an input, a textarea or a select needs to show and change one field (named as in the form's state). */
export interface FieldBinding {
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
}

/**
 * A form's text fields in one state: `bind(name)` gives a control its name, value and onChange,
 * `reset()` empties the form (back to `initial`; only the named fields when given), `values` is what is sent.
 */
export function useFields<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  return {
    values,
    bind: (name: keyof T & string): FieldBinding => ({
      name,
      value: values[name]!,
      onChange: (event) => setValues((current) => ({ ...current, [name]: event.target.value })),
    }),
    reset: (names?: ReadonlyArray<keyof T>) =>
      setValues((current) =>
        names ? { ...current, ...Object.fromEntries(names.map((name) => [name, initial[name]])) } : initial,
      ),
  };
}
