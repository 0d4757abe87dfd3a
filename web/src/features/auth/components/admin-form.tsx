import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { ShieldIcon } from '../../../ui/icons';
import { Input } from '../../../ui/input';
import type { useRegisterAdminMutation } from '../api';
import { useSignInSuccess } from '../hooks/use-sign-in-success';
import { Form, FormIntro, FormText, FormTitle, Notice } from './auth-page.styles';
import { useSubmit } from '../../../ui/use-submit';

interface AdminFormProps {
  registerAdmin: ReturnType<typeof useRegisterAdminMutation>[0];
  isPending: boolean;
  disabled: boolean;
}

export function AdminForm({ registerAdmin, isPending, disabled }: AdminFormProps) {
  const [adminPassword, setAdminPassword] = useState('');
  const [operator, setOperator] = useState('');
  const { submit, refuse } = useSubmit();
  const onSignedIn = useSignInSuccess();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!adminPassword) {
      refuse('Required Field', 'Please enter the admin password.');
      return;
    }
    if (!operator.trim()) {
      refuse('Required Field', 'Please enter your operator handle.');
      return;
    }
    await submit(() => registerAdmin({ adminPassword, operator: operator.trim() }).unwrap(), {
      failure: { title: 'Admin Access Failed', fallback: 'Invalid admin password.' },
      onSuccess: ({ adminToken, user }) =>
        onSignedIn({
          user,
          token: { kind: 'admin', value: adminToken },
          toast: { title: 'Anonymous Admin Access Granted!', description: 'You now have free access to all features.' },
          navigation: 'route',
        }),
    });
  }

  return (
    <Form onSubmit={onSubmit} noValidate aria-label="Admin access">
      <FormIntro>
        <FormTitle>Anonymous admin access</FormTitle>
        <FormText>Have the admin password? Get free access to all features, forever, without sharing who you are.</FormText>
      </FormIntro>
      <Input
        label="Admin password"
        name="adminPassword"
        type="password"
        autoComplete="off"
        placeholder="Enter the admin password"
        value={adminPassword}
        onChange={(e) => setAdminPassword(e.target.value)}
      />
      <Input
        label="Operator handle"
        name="operator"
        autoComplete="username"
        placeholder="e.g. jane.ops"
        hint="Recorded with your address in the audit log, so other admins know who acted."
        value={operator}
        onChange={(e) => setOperator(e.target.value)}
      />
      <Notice $tone="success">
        <ShieldIcon />
        <span>Anonymous admin accounts get free access to all features — no subscription needed.</span>
      </Notice>
      <Button type="submit" size="lg" fullWidth disabled={disabled} loading={isPending}>
        {isPending ? 'Accessing...' : 'Access as Admin'}
      </Button>
    </Form>
  );
}
