import type { TwoFactorChallenge } from '@quad/contracts';
import { useState, type FormEvent } from 'react';
import { tooManyAttemptsText } from '../../../api/api-error';
import { Button } from '../../../ui/button';
import { Input } from '../../../ui/input';
import type { useLoginMutation } from '../api';
import { useSignInSuccess } from '../hooks/use-sign-in-success';
import { Form, FormIntro, FormText, FormTitle } from './auth-page.styles';
import { TwoFactorStep } from './two-factor-step';
import { useSubmit } from '../../../ui/use-submit';

interface LoginFormProps {
  login: ReturnType<typeof useLoginMutation>[0];
  isPending: boolean;
  disabled: boolean;
}

export function LoginForm({ login, isPending, disabled }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const { submit, refuse } = useSubmit();
  const onSignedIn = useSignInSuccess();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      refuse('Required Fields', 'Please enter both email and password.');
      return;
    }
    await submit(() => login({ email: email.trim(), password }).unwrap(), {
      failure: { title: 'Login failed', describe: (error) => tooManyAttemptsText(error) ?? 'Invalid email or password.' },
      onSuccess: (answer) => {
        // A named admin proves a second factor before any session exists.
        if ('twoFactorRequired' in answer) {
          setChallenge(answer);
          return;
        }
        onSignedIn({
          user: answer.user,
          token: { kind: 'user', value: answer.authToken },
          toast: { title: 'Welcome back!', description: 'You have successfully logged in.' },
          navigation: 'route',
        });
      },
    });
  }

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onVerified={({ user, token }) =>
          onSignedIn({
            user,
            // An admin's session: admin pages read it from the admin token (spec section 5).
            token: { kind: 'admin', value: token },
            toast: { title: 'Welcome back!', description: 'You have successfully logged in.' },
            navigation: 'route',
          })
        }
      />
    );
  }

  return (
    <Form onSubmit={onSubmit} noValidate aria-label="Login">
      <FormIntro>
        <FormTitle>Welcome back</FormTitle>
        <FormText>Sign in with your college account.</FormText>
      </FormIntro>
      <Input label="Email" name="email" type="email" autoComplete="email" placeholder="you@college.edu" value={email} onChange={(e) => setEmail(e.target.value)} />
      <Input label="Password" name="password" type="password" autoComplete="current-password" placeholder="Your password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <Button type="submit" size="lg" fullWidth disabled={disabled} loading={isPending}>
        {isPending ? 'Logging in...' : 'Login'}
      </Button>
    </Form>
  );
}
