import type { TwoFactorChallenge } from '@quad/contracts';
import { useState, type FormEvent } from 'react';
import { tooManyAttemptsText } from '../../../api/api-error';
import { Button } from '../../../ui/button';
import { Input } from '../../../ui/input';
import { useToast } from '../../../ui/toast';
import type { useLoginMutation } from '../api';
import { useSignInSuccess } from '../hooks/use-sign-in-success';
import { Form, FormIntro, FormText, FormTitle } from './auth-page.styles';
import { TwoFactorStep } from './two-factor-step';

interface LoginFormProps {
  login: ReturnType<typeof useLoginMutation>[0];
  isPending: boolean;
  disabled: boolean;
}

export function LoginForm({ login, isPending, disabled }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const { toast } = useToast();
  const onSignedIn = useSignInSuccess();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      toast({ title: 'Required Fields', description: 'Please enter both email and password.', variant: 'destructive' });
      return;
    }
    try {
      const answer = await login({ email: email.trim(), password }).unwrap();
      // A named admin proves a second factor before any session exists.
      if ('twoFactorRequired' in answer) {
        setChallenge(answer);
        return;
      }
      const { authToken, user } = answer;
      onSignedIn({
        user,
        token: { kind: 'user', value: authToken },
        toast: { title: 'Welcome back!', description: 'You have successfully logged in.' },
        navigation: 'route',
      });
    } catch (error) {
      toast({ title: 'Login failed', description: tooManyAttemptsText(error) ?? 'Invalid email or password.', variant: 'destructive' });
    }
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
