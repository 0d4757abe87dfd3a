import styled from 'styled-components';
import {
  EMAIL_SENT_ELSEWHERE_KINDS,
  IMMEDIATE_EMAIL_KINDS,
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  type NotificationChannels,
  type NotificationKind,
} from '@quad/contracts';
import { space } from '../../../app/theme';
import { Card, CardDescription, CardTitle } from '../../../ui/card';
import { Checkbox } from '../../../ui/checkbox';
import { useGetNotificationPreferencesQuery, useUpdateNotificationPreferencesMutation } from '../api';
import { useSubmit } from '../../../ui/use-submit';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  th, td { padding: ${space(2, 1)}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; text-align: left; }
  th[scope='col'] { color: ${({ theme }) => theme.colors.muted}; font-weight: ${({ theme }) => theme.fontWeights.medium}; }
  td { width: 6.5rem; }
  small { display: block; color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.xs}; }
`;

/** Settings: per kind of notification, in the app and by e-mail (outcomes at once, the rest in a daily digest). */
export function NotificationPreferencesCard() {
  const { data, isError } = useGetNotificationPreferencesQuery();
  const [update] = useUpdateNotificationPreferencesMutation();
  const { submit } = useSubmit();

  async function change(kind: NotificationKind, next: NotificationChannels) {
    await submit(() => update({ kinds: { [kind]: next } }).unwrap(), {
      failure: { title: 'Notification settings not saved', fallback: 'Please try again.' },
    });
  }

  return (
    <Card aria-labelledby="notification-settings-title">
      <CardTitle id="notification-settings-title">Notifications</CardTitle>
      <CardDescription>
        Choose what reaches you in Quad and by e-mail. Payment, suspension and appeal outcomes are e-mailed at once; e-mail for
        anything else comes as one daily digest.
      </CardDescription>
      {isError && <CardDescription>Your notification settings could not be loaded. Please try again.</CardDescription>}
      {data && (
        <Table>
          <thead>
            <tr>
              <th scope="col">Notify me about</th>
              <th scope="col">In Quad</th>
              <th scope="col">E-mail</th>
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_KINDS.map((kind) => {
              const channels = data.kinds[kind];
              const fixedEmail = EMAIL_SENT_ELSEWHERE_KINDS.includes(kind);
              return (
                <tr key={kind}>
                  <th scope="row">
                    {NOTIFICATION_KIND_LABELS[kind]}
                    {fixedEmail && <small>The payment e-mail is always sent.</small>}
                    {!fixedEmail && channels.email && !IMMEDIATE_EMAIL_KINDS.includes(kind) && <small>In the daily digest</small>}
                  </th>
                  <td>
                    <Checkbox
                      label={<span className="visually-hidden">{`${NOTIFICATION_KIND_LABELS[kind]} in Quad`}</span>}
                      checked={channels.inApp}
                      onChange={(event) => void change(kind, { ...channels, inApp: event.target.checked })}
                    />
                  </td>
                  <td>
                    <Checkbox
                      label={<span className="visually-hidden">{`${NOTIFICATION_KIND_LABELS[kind]} by e-mail`}</span>}
                      checked={channels.email}
                      disabled={fixedEmail}
                      onChange={(event) => void change(kind, { ...channels, email: event.target.checked })}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
    </Card>
  );
}
