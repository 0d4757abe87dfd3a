import { APPEAL_MESSAGE_MAX, MODERATION_MESSAGES, NEUTRAL_ADMIN_LABEL, type Appeal } from '@quad/contracts';
import { api } from '../../../api/api-slice';
import { useAppDispatch } from '../../../app/hooks';
import { formatDateAndTime } from '../../../lib/time';
import { Button } from '../../../ui/button';
import { Textarea } from '../../../ui/input';
import { Spinner } from '../../../ui/spinner';
import { APPEAL_POLL_MS, useGetMyAppealQuery, useSubmitAppealMutation } from '../appeal-api';
import {
  AppealBox,
  AppealForm,
  AppealHeading,
  AppealMessage,
  AppealStatusLine,
  AppealText,
} from './appeal-section.styles';
import { useFields } from '../../../ui/use-fields';
import { useSubmitForm } from '../../../ui/use-submit';

/**
 * The appeal part of the suspension screen: a form until the student has appealed this ban, then
 * the appeal's state (under review, declined with the admin's message, or accepted).
 */
export function AppealSection() {
  const { data, isLoading, isError } = useGetMyAppealQuery(undefined, { refetchOnMountOrArgChange: true });
  const appeal = data?.appeal ?? null;
  const accepted = appeal?.status === 'accepted' && data?.suspension === null;

  if (isLoading) {
    return (
      <AppealBox aria-busy="true">
        <Spinner size={20} label="Loading your appeal" />
      </AppealBox>
    );
  }
  if (isError || !data) return null;
  if (accepted) return <AcceptedAppeal appeal={appeal} />;
  if (!data.suspension) return null;
  if (!appeal || appeal.banId !== data.suspension.banId) return <AppealFormBox />;
  return <AppealState appeal={appeal} />;
}

function AppealFormBox() {
  const { values, bind } = useFields({ message: '' });
  const [submitAppeal] = useSubmitAppealMutation();
  const message = values.message.trim();
  const form = useSubmitForm({
    check: () => !message && ['Appeal is empty', MODERATION_MESSAGES.appealBlank],
    call: () => submitAppeal({ message }).unwrap(),
    success: { title: 'Appeal sent', description: 'An admin will review it within 24-48 hours.' },
    failure: { title: 'Failed to send appeal', fallback: 'Something went wrong. Please try again.' },
  });

  return (
    <AppealBox>
      <AppealHeading>Appeal this suspension</AppealHeading>
      <AppealForm onSubmit={form.onSubmit} noValidate aria-label="Appeal this suspension">
        <Textarea
          label="Why should the suspension be lifted?"
          placeholder="Explain what happened and why you think the suspension should be lifted"
          rows={4}
          maxLength={APPEAL_MESSAGE_MAX}
          {...bind('message')}
        />
        <Button type="submit" busy={form.busy} fullWidth>
          {form.busy ? 'Sending...' : 'Send Appeal'}
        </Button>
      </AppealForm>
    </AppealBox>
  );
}

function AppealState({ appeal }: { appeal: Appeal }) {
  if (appeal.status === 'declined') {
    return (
      <AppealBox $tone="danger">
        <AppealHeading>Appeal declined</AppealHeading>
        <AppealStatusLine>
          Reviewed on {formatDateAndTime(appeal.decidedAt ?? appeal.createdAt)}.
        </AppealStatusLine>
        {appeal.response && (
          <AppealMessage>
            <span>Message from {NEUTRAL_ADMIN_LABEL}</span>
            <AppealText>{appeal.response}</AppealText>
          </AppealMessage>
        )}
      </AppealBox>
    );
  }
  return <AppealUnderReview appeal={appeal} />;
}

/** While it is open, the appeal's state is asked again now and then: an accepted appeal lets the student back in. */
function AppealUnderReview({ appeal }: { appeal: Appeal }) {
  useGetMyAppealQuery(undefined, { pollingInterval: APPEAL_POLL_MS });
  return (
    <AppealBox $tone="info">
      <AppealHeading>Appeal under review</AppealHeading>
      <AppealStatusLine>
        You appealed on {formatDateAndTime(appeal.createdAt)}. Appeals are reviewed within 24-48 hours.
      </AppealStatusLine>
      <AppealMessage>
        <span>Your appeal</span>
        <AppealText>{appeal.message}</AppealText>
      </AppealMessage>
    </AppealBox>
  );
}

function AcceptedAppeal({ appeal }: { appeal: Appeal }) {
  const dispatch = useAppDispatch();
  return (
    <AppealBox $tone="success">
      <AppealHeading>Appeal accepted</AppealHeading>
      <AppealStatusLine>
        Your suspension has been lifted{appeal.decidedAt ? ` on ${formatDateAndTime(appeal.decidedAt)}` : ''}.
      </AppealStatusLine>
      <Button fullWidth onClick={() => dispatch(api.util.invalidateTags(['CurrentUser']))}>
        Continue to Quad
      </Button>
    </AppealBox>
  );
}
