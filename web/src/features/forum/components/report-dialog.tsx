import { PRODUCT_NAME } from '@quad/contracts';
import { useState, type FormEvent } from 'react';
import { errorStatus, serverMessage } from '../../../api/api-error';
import { FormButtons } from '../../../ui/form-buttons';
import { Dialog } from '../../../ui/dialog';
import { Textarea } from '../../../ui/input';
import { useSubmitReportMutation } from '../api';
import { REPORT_REASONS, buildReportBody, type ReportReason, type ReportTarget } from '../report-reasons';
import { Fieldset, Form, Legend, ReasonGrid, ReasonOption, ReasonText } from './post-form.styles';
import { useSubmit } from '../../../ui/use-submit';

export const REPORT_SUCCESS_DESCRIPTION = `Thank you for helping keep ${PRODUCT_NAME} safe. We'll review your report.`;
const REPORT_FALLBACK_ERROR = 'Something went wrong. Please try again.';
const DETAILS_MAX = 1000;

export interface ReportDialogProps {
  /** What is being reported; null when closed. */
  target: ReportTarget | null;
  onClose: () => void;
}

/** 'Report Post' / 'Report Comment' (spec sections 2, 5, 8). */
export function ReportDialog({ target, onClose }: ReportDialogProps) {
  const noun = target?.type === 'comment' ? 'comment' : 'post';
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={target?.type === 'comment' ? 'Report Comment' : 'Report Post'}
      description={`Tell us what's wrong with this ${noun}. Reports are confidential.`}
      width="lg"
    >
      {target && <ReportForm key={`${target.type}-${target.contentId}`} target={target} onClose={onClose} />}
    </Dialog>
  );
}

/** A 404 or 5xx comes from the gateway (moderation not reachable): its text would only confuse. */
function reportFailure(error: unknown): string {
  const status = errorStatus(error);
  const fromServer = typeof status === 'number' && status >= 400 && status < 500 && status !== 404 ? serverMessage(error) : undefined;
  return fromServer ?? REPORT_FALLBACK_ERROR;
}

function ReportForm({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [submitReport, { isLoading }] = useSubmitReportMutation();
  const { submit, refuse } = useSubmit();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      refuse('Please select a reason', 'You must select a reason for reporting this content.');
      return;
    }
    await submit(() => submitReport(buildReportBody(target, reason, details)).unwrap(), {
      success: { title: 'Report submitted', description: REPORT_SUCCESS_DESCRIPTION },
      failure: { title: 'Failed to submit report', describe: reportFailure },
      onSuccess: onClose,
    });
  }

  return (
    <Form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={target.type === 'comment' ? 'Report comment' : 'Report post'}>
      <Fieldset>
        <Legend>Reason for reporting</Legend>
        <ReasonGrid>
          {REPORT_REASONS.map((option) => (
            <ReasonOption key={option.value}>
              <input type="radio" name="report-reason" value={option.value} checked={reason === option.value} onChange={() => setReason(option.value)} />
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
        value={details}
        maxLength={DETAILS_MAX}
        onChange={(event) => setDetails(event.target.value)}
      />
      <FormButtons onCancel={onClose} busy={isLoading} submitLabel="Submit Report" busyLabel="Submitting..." variant="destructive" />
    </Form>
  );
}
