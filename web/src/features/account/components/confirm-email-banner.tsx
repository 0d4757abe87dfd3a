import type { User } from '@quad/contracts';
import { Button } from '../../../ui/button';
import { useResendConfirmationMutation } from '../api';
import { Banner, BannerText } from './confirm-email-banner.styles';
import { useSubmit } from '../../../ui/use-submit';

/**
 * Above every signed-in screen while the address is not confirmed: the account reads but cannot
 * post, comment, message or vote (the services refuse it), and says so, with a way to get the
 * link again (a few times an hour).
 */
export function ConfirmEmailBanner({ user }: { user: User }) {
  const [resend, { isLoading }] = useResendConfirmationMutation();
  const { submit } = useSubmit();
  if (user.emailConfirmed || user.isAdmin) return null;

  async function sendAgain() {
    await submit(() => resend().unwrap(), {
      success: ({ sentTo }) => ({ title: 'Confirmation e-mail sent', description: `We sent a new link to ${sentTo}.` }),
      failure: { title: 'E-mail not sent', fallback: 'Please try again.' },
    });
  }

  return (
    <Banner role="region" aria-label="Confirm your e-mail address">
      <BannerText>
        <strong>Confirm your e-mail address.</strong> Until then you can read but not post, comment, message or vote. We sent a
        link to <strong>{user.email}</strong>.
      </BannerText>
      <Button type="button" size="sm" variant="outline" onClick={() => void sendAgain()} disabled={isLoading}>
        {isLoading ? 'Sending…' : 'Resend link'}
      </Button>
    </Banner>
  );
}
