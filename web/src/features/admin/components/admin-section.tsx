import { useId, type ReactNode } from 'react';
import { Button } from '../../../ui/button';
import { Card, CardDescription, CardTitle } from '../../../ui/card';
import type { SubmitForm } from '../../../ui/use-submit';
import { Form, SectionHeader } from './admin-panel.styles';

/** A section of the admin panel: a card with its title, a description and what stands beside them. */
export function AdminSection({
  title,
  description,
  aside,
  children,
}: {
  title: string;
  description: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  // The title names the section.
  const id = useId();
  return (
    <Card as="section" aria-labelledby={id}>
      <SectionHeader>
        <div>
          <CardTitle id={id}>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {aside}
      </SectionHeader>
      {children}
    </Card>
  );
}

/** A section's form (invite an admin, grant a subscription, change a college): its fields, then the submit button. */
export function SectionForm({
  label,
  form,
  submitLabel,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  form: SubmitForm;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Form onSubmit={form.onSubmit} aria-label={label} noValidate>
      {children}
      <Button type="submit" busy={form.busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}
