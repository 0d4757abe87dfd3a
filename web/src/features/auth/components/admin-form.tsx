import { AuthForm } from '../../../ui/auth-form';
import { ShieldIcon } from '../../../ui/icons';
import { Input } from '../../../ui/input';
import { useFields } from '../../../ui/use-fields';
import { useSubmitForm } from '../../../ui/use-submit';
import type { useRegisterAdminMutation } from '../api';
import { useSignInSuccess } from '../hooks/use-sign-in-success';
import { Notice } from './auth-page.styles';

interface AdminFormProps {
  registerAdmin: ReturnType<typeof useRegisterAdminMutation>[0];
  disabled: boolean;
}

export function AdminForm({ registerAdmin, disabled }: AdminFormProps) {
  const { values, bind } = useFields({ adminPassword: '', operator: '' });
  const onSignedIn = useSignInSuccess();
  const operator = values.operator.trim();
  const form = useSubmitForm({
    check: () =>
      (!values.adminPassword && ['Required Field', 'Please enter the admin password.']) ||
      (!operator && ['Required Field', 'Please enter your operator handle.']),
    call: () => registerAdmin({ adminPassword: values.adminPassword, operator }).unwrap(),
    failure: { title: 'Admin Access Failed', fallback: 'Invalid admin password.' },
    onSuccess: ({ adminToken, user }) =>
      onSignedIn({
        user,
        token: { kind: 'admin', value: adminToken },
        toast: {
          title: 'Anonymous Admin Access Granted!',
          description: 'You now have free access to all features.',
        },
        navigation: 'route',
      }),
  });

  return (
    <AuthForm
      label="Admin access"
      title="Anonymous admin access"
      intro="Have the admin password? Get free access to all features, forever, without sharing who you are."
      form={form}
      submitLabel="Access as Admin"
      busyLabel="Accessing..."
      disabled={disabled}
    >
      <Input
        label="Admin password"
        type="password"
        autoComplete="off"
        placeholder="Enter the admin password"
        {...bind('adminPassword')}
      />
      <Input
        label="Operator handle"
        autoComplete="username"
        placeholder="e.g. jane.ops"
        hint="Recorded with your address in the audit log, so other admins know who acted."
        {...bind('operator')}
      />
      <Notice $tone="success">
        <ShieldIcon />
        <span>Anonymous admin accounts get free access to all features — no subscription needed.</span>
      </Notice>
    </AuthForm>
  );
}
