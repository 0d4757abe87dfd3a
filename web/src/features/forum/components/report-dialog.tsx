import { ReportDialog as SharedReportDialog } from '../../../ui/report-dialog';
import { useSubmitReportMutation } from '../api';
import { buildReportBody, type ReportTarget } from '../report-reasons';

export { REPORT_SUCCESS_DESCRIPTION } from '../../../ui/report-dialog';

export interface ReportDialogProps {
  /** What is being reported; null when closed. */
  target: ReportTarget | null;
  onClose: () => void;
}

/** 'Report Post' / 'Report Comment' (spec sections 2, 5, 8): the shared report dialog, sent to POST /api/reports. */
export function ReportDialog({ target, onClose }: ReportDialogProps) {
  const [submitReport] = useSubmitReportMutation();
  return (
    <SharedReportDialog
      kind={target?.type ?? null}
      itemKey={target?.contentId}
      onClose={onClose}
      submit={(choice) => (target ? submitReport(buildReportBody(target, choice.reason, choice.description ?? '')).unwrap() : Promise.resolve())}
    />
  );
}
