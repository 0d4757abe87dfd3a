import { ADMIN_MESSAGES, type TwoFactorChallenge, type User } from '@quad/contracts';
import { useState } from 'react';
import { serverMessage } from '../../../api/api-error';
import { Button } from '../../../ui/button';
import { Input } from '../../../ui/input';
import { useVerifyTwoFactorMutation } from '../api';
import { Form, FormHeading } from '../../../ui/brand-card';
import { CodeList, QrImage, Secret } from './two-factor-step.styles';
import { AuthForm } from '../../../ui/auth-form';
import { useFields } from '../../../ui/use-fields';
import { useSubmitForm } from '../../../ui/use-submit';

interface TwoFactorStepProps {
  challenge: TwoFactorChallenge;
  /** The session, once the code is right (and any new recovery codes have been seen). */
  onVerified: (session: { user: User; token: string }) => void;
  /**
   * The challenge is gone (ten minutes passed, or five wrong codes): no code can answer it any
   * more, so the password must be given again.
   */
  onExpired: () => void;
}

/**
 * A named admin's second step: set up an authenticator (QR code and secret) when there is none
 * yet, then a 6-digit code or a recovery code. Recovery codes made by the set-up are shown once.
 */
export function TwoFactorStep({ challenge, onVerified, onExpired }: TwoFactorStepProps) {
  const { values, bind } = useFields({ code: '' });
  const [verify] = useVerifyTwoFactorMutation();
  const [saved, setSaved] = useState<{ user: User; token: string; recoveryCodes: string[] } | null>(null);
  const enrolment = challenge.enrolment;
  const code = values.code.trim();
  const form = useSubmitForm({
    check: () =>
      !code && [
        'Required Field',
        'Please enter the 6-digit code from your authenticator app, or a recovery code.',
      ],
    call: () => verify({ challengeToken: challenge.challengeToken, code }).unwrap(),
    failure: { title: 'Verification failed', fallback: 'That code is not right.' },
    onFailure: (error) => {
      if (serverMessage(error) === ADMIN_MESSAGES.challengeExpired) onExpired();
    },
    onSuccess: (result) => {
      if (result.recoveryCodes) {
        setSaved({ user: result.user, token: result.authToken, recoveryCodes: result.recoveryCodes });
      } else onVerified({ user: result.user, token: result.authToken });
    },
  });

  if (saved) {
    return (
      <Form as="div" aria-label="Recovery codes">
        <FormHeading title="Save your recovery codes">
          Each code signs you in once if you lose your authenticator. They are shown only now: keep them
          somewhere safe.
        </FormHeading>
        <CodeList aria-label="Your recovery codes">
          {saved.recoveryCodes.map((recoveryCode) => (
            <li key={recoveryCode}>{recoveryCode}</li>
          ))}
        </CodeList>
        <Button size="lg" fullWidth onClick={() => onVerified({ user: saved.user, token: saved.token })}>
          I have saved my recovery codes
        </Button>
      </Form>
    );
  }

  return (
    <AuthForm
      label="Two-factor authentication"
      title={enrolment ? 'Set up your authenticator' : 'Two-factor authentication'}
      intro={
        enrolment
          ? 'Admin accounts need a second factor. Scan this code with an authenticator app (or type the secret), then enter the 6-digit code it shows.'
          : 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.'
      }
      form={form}
      submitLabel="Verify"
      busyLabel="Verifying..."
    >
      {enrolment && (
        <>
          <QrImage src={enrolment.qrCodeDataUrl} alt="QR code for your authenticator app" />
          <Secret aria-label="Authenticator secret">{enrolment.secret}</Secret>
        </>
      )}
      <Input
        label="Authentication code"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="123456"
        {...bind('code')}
      />
    </AuthForm>
  );
}
