import { TabCount } from './moderation/moderation.styles';

/** A tab's label with how many wait behind it (pending payments, pending reports, bans), when any. */
export function CountedLabel({ label, count }: { label: string; count: number | null | undefined }) {
  return (
    <>
      {label}
      {count ? <TabCount>{count}</TabCount> : null}
    </>
  );
}
