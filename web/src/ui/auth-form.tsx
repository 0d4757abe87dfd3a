import type { ReactNode } from 'react';
import { Form, FormHeading } from './brand-card';
import { Button } from './button';
import type { SubmitForm } from './use-submit';

export interface AuthFormProps {
  /** The form's accessible name, e.g. 'Login'. */
  label: string;
  title: ReactNode;
  /** The sentence under the title. */
  intro: ReactNode;
  form: SubmitForm;
  submitLabel: string;
  /** The submit button's text while the request runs, e.g. 'Logging in...'. */
  busyLabel: string;
  /** Disables the submit button, e.g. while another tab's request runs; by default while this one does. */
  disabled?: boolean;
  children: ReactNode;
}

/** A signed-out card's form (login, register, admin access, an invitation, a second factor): heading, fields, one large submit. */
export function AuthForm({
  label,
  title,
  intro,
  form,
  submitLabel,
  busyLabel,
  disabled,
  children,
}: AuthFormProps) {
  return (
    <Form onSubmit={form.onSubmit} noValidate aria-label={label}>
      <FormHeading title={title}>{intro}</FormHeading>
      {children}
      <Button type="submit" size="lg" fullWidth disabled={disabled ?? form.busy} loading={form.busy}>
        {form.busy ? busyLabel : submitLabel}
      </Button>
    </Form>
  );
}
