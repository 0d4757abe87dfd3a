import { useState, type FormEvent } from 'react';
import { serverMessage } from '../../../api/api-error';
import { Button } from '../../../ui/button';
import { ShieldIcon } from '../../../ui/icons';
import { Input } from '../../../ui/input';
import { useToast } from '../../../ui/toast';
import type { useRegisterAdminMutation } from '../api';
import { useSignInSuccess } from '../hooks/use-sign-in-success';
import { Form, FormIntro, FormText, FormTitle, Notice } from './auth-page.styles';

interface AdminFormProps {
  registerAdmin: ReturnType<typeof useRegisterAdminMutation>[0];
  isPending: boolean;
  disabled: boolean;
}

export function AdminForm({ registerAdmin, isPending, disabled }: AdminFormProps) {
  const [adminPassword, setAdminPassword] = useState('');
  const [operator, setOperator] = useState('');
  const { toast } = useToast();
  const onSignedIn = useSignInSuccess();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!adminPassword) {
      toast({ title: 'Required Field', description: 'Please enter the admin password.', variant: 'destructive' });
      return;
    }
    if (!operator.trim()) {
      toast({ title: 'Required Field', description: 'Please enter your operator handle.', variant: 'destructive' });
      return;
    }
    try {
      const { adminToken, user } = await registerAdmin({ adminPassword, operator: operator.trim() }).unwrap();
      onSignedIn({
        user,
        token: { kind: 'admin', value: adminToken },
        toast: { title: 'Anonymous Admin Access Granted!', description: 'You now have free access to all features.' },
        navigation: 'route',
      });
    } catch (error) {
      toast({ title: 'Admin Access Failed', description: serverMessage(error) ?? 'Invalid admin password.', variant: 'destructive' });
    }
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
