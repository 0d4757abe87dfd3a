import { Input, Textarea } from './input';
import type { FieldBinding } from './use-fields';

/** One text field of a form: its label, placeholder and length limit; `rows` makes it a textarea. */
export interface TextField {
  label: string;
  placeholder?: string;
  maxLength: number;
  rows?: number;
}

export interface TextFieldsProps<N extends string> {
  /** The fields in their order, by their name in the form's state (`useFields`). */
  fields: Record<N, TextField>;
  bind: (name: NoInfer<N>) => FieldBinding;
}

/**
 * A form's text fields from a table: an Input each, a Textarea where `rows` is given, each bound to
 * its field; the first one takes the focus when the dialog opens.
 */
export function TextFields<N extends string>({ fields, bind }: TextFieldsProps<N>) {
  return (Object.entries(fields) as Array<[N, TextField]>).map(([name, field], index) => {
    const props = { ...field, ...bind(name), 'data-autofocus': index === 0 || undefined };
    return field.rows ? <Textarea key={name} {...props} /> : <Input key={name} {...props} />;
  });
}
