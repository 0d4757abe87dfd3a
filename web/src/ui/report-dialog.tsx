import { PRODUCT_NAME, type ReportReasonValue } from '@quad/contracts';
import { useState } from 'react';
import { errorStatus, serverMessage } from '../api/api-error';
import { Fieldset, Legend } from './fieldset';
import { Textarea } from './input';
import { FormButtons } from './form-buttons';
import { Form, ReasonGrid, ReasonOption, ReasonText } from './report-dialog.styles';
import { FormDialog } from './form-dialog';
import { useFields } from './use-fields';
import { useSubmitForm } from './use-submit';

/** Why content is reported; the label is what moderators read (the server accepts exactly these values). */
export const REPORT_REASONS = [
  { value: 'Spam', description: 'Advertising, scams or repeated unwanted content' },
  { value: 'Harassment', description: 'Bullying, threats or targeting a person' },
  { value: 'Hate speech', description: 'Attacks on people for who they are' },
  { value: 'Inappropriate content', description: 'Sexual, violent or graphic material' },
  { value: 'Misinformation', description: 'False or misleading claims' },
  { value: 'Other', description: 'Something else that breaks the community guidelines' },
] as const satisfies ReadonlyArray<{ value: ReportReasonValue; description: string }>;

export type ReportReason = (typeof REPORT_REASONS)[number]['value'];

/** What the reporter chose: `description` is left out when the details are empty. */
export interface ReportChoice {
  reason: ReportReason;
  description?: string;
}

export type ReportedKind = 'post' | 'comment' | 'message';

export const REPORT_SUCCESS_DESCRIPTION = `Thank you for helping keep ${PRODUCT_NAME} safe. We'll review your report.`;
const REPORT_FALLBACK_ERROR = 'Something went wrong. Please try again.';
const DETAILS_MAX = 1000;

const TITLES: Record<ReportedKind, string> = {
  post: 'Report Post',
  comment: 'Report Comment',
  message: 'Report Message',
};

export interface ReportDialogProps {
  /** What is reported (its words in the title and texts); null when closed. */
  kind: ReportedKind | null;
  /** A key of the reported item: a new item starts a fresh form. */
  itemKey?: string;
  onClose: () => void;
  /** Sends the report; rejects with the API error when it failed. */
  submit: (choice: ReportChoice) => Promise<unknown>;
}

/**
 * 'Report Post' / 'Report Comment' / 'Report Message' (spec sections 2, 5, 8): the same reasons,
 * texts and toasts whatever is reported; each feature sends it its own way.
 */
export function ReportDialog({ kind, itemKey, onClose, submit }: ReportDialogProps) {
  return (
    <FormDialog
      item={kind}
      itemKey={(item) => `${item}-${itemKey ?? ''}`}
      onClose={onClose}
      title={kind ? TITLES[kind] : ''}
      description={`Tell us what's wrong with this ${kind ?? 'post'}. Reports are confidential.`}
      width="lg"
    >
      {(item) => <ReportForm kind={item} onClose={onClose} submit={submit} />}
    </FormDialog>
  );
}

/** A 404 or 5xx comes from the gateway (the service not reachable): its text would only confuse. */
function reportFailure(error: unknown): string {
  const status = errorStatus(error);
  const fromServer =
    typeof status === 'number' && status >= 400 && status < 500 && status !== 404
      ? serverMessage(error)
      : undefined;
  return fromServer ?? REPORT_FALLBACK_ERROR;
}

function ReportForm({
  kind,
  onClose,
  submit: send,
}: {
  kind: ReportedKind;
  onClose: () => void;
  submit: ReportDialogProps['submit'];
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const { values, bind } = useFields({ details: '' });
  const description = values.details.trim();
  const form = useSubmitForm({
    check: () =>
      !reason && ['Please select a reason', 'You must select a reason for reporting this content.'],
    call: () => send({ reason: reason!, ...(description ? { description } : {}) }),
    success: { title: 'Report submitted', description: REPORT_SUCCESS_DESCRIPTION },
    failure: { title: 'Failed to submit report', describe: reportFailure },
    onSuccess: onClose,
  });

  return (
    <Form onSubmit={form.onSubmit} noValidate aria-label={`Report ${kind}`}>
      <Fieldset>
        <Legend>Reason for reporting</Legend>
        <ReasonGrid>
          {REPORT_REASONS.map((option) => (
            <ReasonOption key={option.value}>
              <input
                type="radio"
                name="report-reason"
                value={option.value}
                checked={reason === option.value}
                onChange={() => setReason(option.value)}
              />
              <ReasonText>
                {option.value}
                <small>{option.description}</small>
              </ReasonText>
            </ReasonOption>
          ))}
        </ReasonGrid>
      </Fieldset>
      <Textarea
        label="Additional details (optional)"
        placeholder="Anything that helps moderators understand the problem"
        rows={3}
        maxLength={DETAILS_MAX}
        {...bind('details')}
      />
      <FormButtons
        onCancel={onClose}
        busy={form.busy}
        submitLabel="Submit Report"
        busyLabel="Submitting..."
        variant="destructive"
      />
    </Form>
  );
}
