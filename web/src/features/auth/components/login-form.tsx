import type { TwoFactorChallenge } from '@quad/contracts';
import { useState } from 'react';
import { tooManyAttemptsText } from '../../../api/api-error';
import { AuthForm } from '../../../ui/auth-form';
import { Input } from '../../../ui/input';
import { useFields } from '../../../ui/use-fields';
import { useSubmitForm } from '../../../ui/use-submit';
import type { useLoginMutation } from '../api';
import { useSignInSuccess } from '../hooks/use-sign-in-success';
import { AUTH_FIELDS } from './auth-fields';
import { TwoFactorStep } from './two-factor-step';

interface LoginFormProps {
  login: ReturnType<typeof useLoginMutation>[0];
  disabled: boolean;
}

const WELCOME_BACK = { title: 'Welcome back!', description: 'You have successfully logged in.' };

export function LoginForm({ login, disabled }: LoginFormProps) {
  const { values, bind } = useFields({ email: '', password: '' });
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const onSignedIn = useSignInSuccess();
  const email = values.email.trim();
  const form = useSubmitForm({
    check: () => (!email || !values.password) && ['Required Fields', 'Please enter both email and password.'],
    call: () => login({ email, password: values.password }).unwrap(),
    failure: {
      title: 'Login failed',
      describe: (error) => tooManyAttemptsText(error) ?? 'Invalid email or password.',
    },
    onSuccess: (answer) => {
      // A named admin proves a second factor before any session exists.
      if ('twoFactorRequired' in answer) {
        setChallenge(answer);
        return;
      }
      onSignedIn({
        user: answer.user,
        token: { kind: 'user', value: answer.authToken },
        toast: WELCOME_BACK,
        navigation: 'route',
      });
    },
  });

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onVerified={({ user, token }) =>
          // An admin's session: admin pages read it from the admin token (spec section 5).
          onSignedIn({
            user,
            token: { kind: 'admin', value: token },
            toast: WELCOME_BACK,
            navigation: 'route',
          })
        }
        onExpired={() => setChallenge(null)}
      />
    );
  }

  return (
    <AuthForm
      label="Login"
      title="Welcome back"
      intro="Sign in with your college account."
      form={form}
      submitLabel="Login"
      busyLabel="Logging in..."
      disabled={disabled}
    >
      <Input {...AUTH_FIELDS.email} {...bind('email')} />
      <Input
        label="Password"
        placeholder="Your password"
        {...AUTH_FIELDS.currentPassword}
        {...bind('password')}
      />
    </AuthForm>
  );
}
