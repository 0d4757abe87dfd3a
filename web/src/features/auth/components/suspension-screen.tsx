import { useState } from 'react';
import { SUPPORT_EMAIL } from '@quad/contracts';
import type { Suspension } from '../../../lib/auth/suspension';
import { Button, ButtonAnchor } from '../../../ui/button';
import { FileTextIcon, MailIcon, ShieldIcon } from '../../../ui/icons';
import { AppealSection } from './appeal-section';
import {
  Actions,
  Details,
  DownloadFailed,
  IconCircle,
  Lead,
  Note,
  Panel,
  Screen,
  Title,
} from './suspension-screen.styles';
import { FactRows } from '../../../ui/fact-rows';

function formatExpiry(expiresAt: string | null): string {
  if (!expiresAt) return 'Until further notice';
  const date = new Date(expiresAt);
  if (Number.isNaN(date.getTime())) return 'Until further notice';
  return date.toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' });
}

/** A suspended student may still take everything they made on Quad (as from settings' "Your data"). */
function DownloadDataButton() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function onClick() {
    setBusy(true);
    setFailure(null);
    try {
      // Loaded on the click: the suspension screen is part of the first load, the account feature is not.
      const { downloadAccountExport } = await import('../../account');
      await downloadAccountExport('zip');
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button variant="outline" size="lg" fullWidth onClick={() => void onClick()} busy={busy}>
        <FileTextIcon />
        Download your data
      </Button>
      {failure && <DownloadFailed role="alert">{failure}</DownloadFailed>}
    </>
  );
}

/** Shown instead of everything else while the account is banned (spec section 2). */
export function SuspensionScreen({ suspension }: { suspension: Suspension }) {
  const subject = encodeURIComponent('Account suspension appeal');
  const until = suspension.expiresAt ? (
    <time dateTime={suspension.expiresAt}>{formatExpiry(suspension.expiresAt)}</time>
  ) : (
    formatExpiry(null)
  );
  return (
    <Screen>
      <Panel role="alert" aria-labelledby="suspension-title">
        <IconCircle aria-hidden="true">
          <ShieldIcon />
        </IconCircle>
        <Title id="suspension-title">Account Suspended</Title>
        <Lead>Your account has been suspended and you can't use Quad right now.</Lead>
        <Details>
          <FactRows
            facts={[
              ['Reason', suspension.reason],
              ['Suspended until', until],
            ]}
          />
        </Details>
        <AppealSection />
        <Actions>
          <ButtonAnchor
            href={`mailto:${SUPPORT_EMAIL}?subject=${subject}`}
            variant="outline"
            size="lg"
            fullWidth
          >
            <MailIcon />
            Contact Support
          </ButtonAnchor>
          <DownloadDataButton />
          <ButtonAnchor href="/" variant="outline" size="lg" fullWidth>
            Return to Home
          </ButtonAnchor>
        </Actions>
        <Note>
          If you believe this is a mistake, contact {SUPPORT_EMAIL}. Appeals are reviewed within 24-48 hours.
        </Note>
      </Panel>
    </Screen>
  );
}
