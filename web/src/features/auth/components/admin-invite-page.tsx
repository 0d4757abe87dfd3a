import { PRODUCT_NAME, type TwoFactorChallenge } from '@quad/contracts';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { serverMessage } from '../../../api/api-error';
import { paths } from '../../../app/paths';
import { Button, ButtonLink } from '../../../ui/button';
import { Input } from '../../../ui/input';
import { Spinner } from '../../../ui/spinner';
import { useAcceptAdminInviteMutation, useGetAdminInviteQuery } from '../api';
import { useSignInSuccess } from '../hooks/use-sign-in-success';
import { BrandCard, CardMessage, Form, FormHeading } from '../../../ui/brand-card';
import { TwoFactorStep } from './two-factor-step';
import { useSubmit } from '../../../ui/use-submit';

/**
 * /admin-invite/:token, the link an admin invitation e-mails: the invited person chooses a
 * password, sets up an authenticator and saves the recovery codes, then is signed in as an admin.
 */
export function AdminInvitePage() {
  const { token = '' } = useParams();
  const invite = useGetAdminInviteQuery(token);
  const [accept, { isLoading }] = useAcceptAdminInviteMutation();
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const { submit, refuse } = useSubmit();
  const onSignedIn = useSignInSuccess();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (password.length < 8) {
      refuse('Required Field', 'Password must be at least 8 characters.');
      return;
    }
    await submit(() => accept({ token, password }).unwrap(), {
      failure: { title: 'Invitation failed', fallback: 'This invitation link is not valid.' },
      onSuccess: setChallenge,
    });
  }

  let content;
  if (challenge) {
    content = (
      <TwoFactorStep
        challenge={challenge}
        onVerified={({ user, token: session }) =>
          onSignedIn({
            user,
            token: { kind: 'admin', value: session },
            toast: { title: `Welcome to the ${PRODUCT_NAME} admins!`, description: 'Your admin account is ready.' },
            navigation: 'route',
          })
        }
      />
    );
  } else if (invite.isLoading) {
    content = <Spinner label="Opening your invitation" />;
  } else if (!invite.data) {
    content = (
      <CardMessage
        title="Invitation not available"
        action={
          <ButtonLink to={paths.auth} variant="outline">
            Go to sign in
          </ButtonLink>
        }
      >
        {serverMessage(invite.error) ?? 'This invitation link is not valid.'}
      </CardMessage>
    );
  } else {
    content = (
      <Form onSubmit={onSubmit} noValidate aria-label="Accept admin invitation">
        <FormHeading title={`Join ${PRODUCT_NAME} as an admin, ${invite.data.firstName}`}>
          {invite.data.invitedBy} invited {invite.data.email}. Choose a password; next you will set up an authenticator app.
        </FormHeading>
        <Input label="Email" value={invite.data.email} readOnly />
        <Input
          label="Choose a password"
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" size="lg" fullWidth loading={isLoading} disabled={isLoading}>
          {isLoading ? 'Creating account...' : 'Create admin account'}
        </Button>
      </Form>
    );
  }

  return <BrandCard>{content}</BrandCard>;
}
