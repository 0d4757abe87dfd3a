import { VERIFY_MESSAGES, type VerifyEmailResponse } from '@quad/contracts';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { serverMessage } from '../../../api/api-error';
import { paths } from '../../../app/paths';
import { BrandCard, CardMessage } from '../../../ui/brand-card';
import { ButtonLink } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { useSession } from '../../../lib/auth/use-session';
import { useVerifyEmailMutation } from '../api';

type Outcome = { confirmed: VerifyEmailResponse } | { failed: string };

/** A link works once: the token is posted once per page load, even if React runs the effect twice. */
const opened = new Map<string, Promise<Outcome>>();

/**
 * /verify-email/:token, the link e-mailed at registration: confirms the address (signed in or
 * not, in any browser: the link proves the mailbox), then says what changed.
 */
export function VerifyEmailPage({ signedIn }: { signedIn: boolean }) {
  const { token = '' } = useParams();
  const [verify] = useVerifyEmailMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { user } = useSession();

  useEffect(() => {
    let live = true;
    let attempt = opened.get(token);
    if (!attempt) {
      attempt = verify(token)
        .unwrap()
        .then(
          (confirmed): Outcome => ({ confirmed }),
          (error: unknown): Outcome => ({ failed: serverMessage(error) ?? 'This confirmation link is not valid.' }),
        );
      opened.set(token, attempt);
    }
    void attempt.then((result) => live && setOutcome(result));
    return () => {
      live = false;
    };
  }, [token, verify]);

  let content;
  if (!outcome) {
    content = <Spinner label="Confirming your e-mail address" />;
  } else if ('confirmed' in outcome) {
    content = (
      <CardMessage
        title="Your e-mail address is confirmed"
        action={<ButtonLink to={signedIn ? paths.home : paths.auth}>{signedIn ? 'Go to Quad' : 'Sign in'}</ButtonLink>}
      >
        {outcome.confirmed.email} is confirmed.{' '}
        {outcome.confirmed.isVerified
          ? 'You now have the Verified badge and can post, comment, message and vote.'
          : 'It is not an address of your college, so you can read but not post, comment, message or vote.'}
      </CardMessage>
    );
  } else if (signedIn && user?.emailConfirmed) {
    // A link opened again (a second tap, an older e-mail): refused, but the address it was for is
    // confirmed, and 'not confirmed' would send the student to confirm it once more.
    content = (
      <CardMessage title="Your e-mail address is confirmed" action={<ButtonLink to={paths.home}>Go to Quad</ButtonLink>}>
        {outcome.failed} {user.email} is confirmed already; there is nothing more to do.
      </CardMessage>
    );
  } else {
    content = (
      <CardMessage
        // A used link did confirm an address once: it is not evidence that this one is unconfirmed.
        title={outcome.failed === VERIFY_MESSAGES.linkUsed ? 'Link already used' : 'E-mail address not confirmed'}
        action={
          <ButtonLink to={signedIn ? paths.home : paths.auth} variant="outline">
            {signedIn ? 'Go to Quad' : 'Go to sign in'}
          </ButtonLink>
        }
      >
        {outcome.failed}
      </CardMessage>
    );
  }

  return <BrandCard aria-live="polite">{content}</BrandCard>;
}
