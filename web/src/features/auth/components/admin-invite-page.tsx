import { PASSWORD_MIN_LENGTH, PRODUCT_NAME, type TwoFactorChallenge } from '@quad/contracts';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { serverMessage } from '../../../api/api-error';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../ui/button';
import { Input } from '../../../ui/input';
import { Spinner } from '../../../ui/spinner';
import { useAcceptAdminInviteMutation, useGetAdminInviteQuery } from '../api';
import { useSignInSuccess } from '../hooks/use-sign-in-success';
import { AuthForm } from '../../../ui/auth-form';
import { BrandCard, CardMessage } from '../../../ui/brand-card';
import { TwoFactorStep } from './two-factor-step';
import { useFields } from '../../../ui/use-fields';
import { useSubmitForm } from '../../../ui/use-submit';
import { AUTH_FIELDS } from './auth-fields';

/**
 * /admin-invite/:token, the link an admin invitation e-mails: the invited person chooses a
 * password, sets up an authenticator and saves the recovery codes, then is signed in as an admin.
 */
export function AdminInvitePage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const invite = useGetAdminInviteQuery(token);
  const [accept] = useAcceptAdminInviteMutation();
  const { values, bind } = useFields({ password: '' });
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const onSignedIn = useSignInSuccess();
  const form = useSubmitForm({
    check: () =>
      values.password.length < PASSWORD_MIN_LENGTH && [
        'Required Field',
        `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
      ],
    call: () => accept({ token, password: values.password }).unwrap(),
    failure: { title: 'Invitation failed', fallback: 'This invitation link is not valid.' },
    onSuccess: setChallenge,
  });

  let content;
  if (challenge) {
    content = (
      <TwoFactorStep
        challenge={challenge}
        onVerified={({ user, token: session }) =>
          onSignedIn({
            user,
            token: { kind: 'admin', value: session },
            toast: {
              title: `Welcome to the ${PRODUCT_NAME} admins!`,
              description: 'Your admin account is ready.',
            },
            navigation: 'route',
          })
        }
        // The invitation is spent and the account made: signing in with the new password sets up the authenticator.
        onExpired={() => navigate(paths.auth)}
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
      <AuthForm
        label="Accept admin invitation"
        title={`Join ${PRODUCT_NAME} as an admin, ${invite.data.firstName}`}
        intro={`${invite.data.invitedBy} invited ${invite.data.email}. Choose a password; next you will set up an authenticator app.`}
        form={form}
        submitLabel="Create admin account"
        busyLabel="Creating account..."
      >
        <Input label="Email" value={invite.data.email} readOnly />
        <Input label="Choose a password" {...AUTH_FIELDS.newPassword} {...bind('password')} />
      </AuthForm>
    );
  }

  return <BrandCard>{content}</BrandCard>;
}
