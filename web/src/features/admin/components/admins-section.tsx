import type { NamedAdmin } from '@quad/contracts';
import { useState } from 'react';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Input } from '../../../ui/input';
import { useFields } from '../../../ui/use-fields';
import { useSubmit, useSubmitForm } from '../../../ui/use-submit';
import { useGetAdminsQuery, useInviteAdminMutation, useRemoveAdminMutation } from '../admin-panel-api';
import { EmailText, PagedTable, fit } from './admin-list/admin-list';
import { useCursorPages } from './admin-list/use-admin-list';
import { Sections } from './admin-panel.styles';
import { AdminSection, SectionForm } from './admin-section';

const PAGE_SIZE = 50;
/** The remove buttons' column: named for screen readers only. */
const ACTIONS_HEADER = <span className="visually-hidden">Actions</span>;

/** Named admins (each signs in with a password and a second factor): invite one by e-mail, remove one (never the last). */
export function AdminsSection() {
  return (
    <Sections>
      <AdminList />
      <InviteForm />
    </Sections>
  );
}

function AdminList() {
  const pages = useCursorPages('admins');
  const admins = useGetAdminsQuery({ cursor: pages.cursor, limit: PAGE_SIZE });
  const [removeAdmin, { isLoading }] = useRemoveAdminMutation();
  const [removing, setRemoving] = useState<NamedAdmin | null>(null);
  const { submit } = useSubmit();

  async function confirmRemoval() {
    if (!removing) return;
    await submit(() => removeAdmin(removing.id).unwrap(), {
      success: {
        title: 'Admin removed',
        description: `${removing.firstName} ${removing.lastName} is no longer an admin.`,
      },
      failure: { title: 'Error', fallback: 'Failed to remove the admin.' },
    });
    setRemoving(null);
  }

  return (
    <AdminSection
      title="Admins"
      description='Everyone who runs Quad, by name. Students see them only as "Quad admin".'
    >
      <PagedTable
        label="Admins"
        columns={['Name', 'Email', fit('Two-factor'), fit(ACTIONS_HEADER)]}
        query={admins}
        pages={pages}
        pagerLabel="Admin pages"
        noun="admins"
        loadingLabel="Loading admins"
        emptyText="No named admins yet: invite the first one."
      >
        {(admin) => (
          <tr key={admin.id}>
            <td>
              <strong>{`${admin.firstName} ${admin.lastName}`}</strong>
            </td>
            <td>{admin.email ? <EmailText address={admin.email} /> : '—'}</td>
            <td>
              {admin.twoFactorEnabled ? (
                <Badge $variant="success">On</Badge>
              ) : (
                <Badge $variant="warning">Not set up</Badge>
              )}
            </td>
            <td>
              <Button
                size="sm"
                variant="outline"
                onClick={() => setRemoving(admin)}
                aria-label={`Remove ${admin.firstName} ${admin.lastName}`}
              >
                Remove
              </Button>
            </td>
          </tr>
        )}
      </PagedTable>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove admin"
        message={
          removing
            ? `Remove ${removing.firstName} ${removing.lastName} as an admin? Their account stays, without admin access.`
            : ''
        }
        confirmLabel="Remove"
        busy={isLoading}
        onConfirm={() => void confirmRemoval()}
      />
    </AdminSection>
  );
}

function InviteForm() {
  const [invite] = useInviteAdminMutation();
  const { values, bind, reset } = useFields({ email: '', firstName: '', lastName: '' });
  const form = useSubmitForm({
    check: () =>
      (!values.email.trim() || !values.firstName.trim() || !values.lastName.trim()) && [
        'Error',
        'Please enter the e-mail and the name of the new admin.',
      ],
    call: () => invite(values).unwrap(),
    success: (sent) => ({
      title: 'Invitation sent',
      description: `${sent.email} can accept it until ${new Date(sent.expiresAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}.`,
    }),
    failure: { title: 'Error', fallback: 'Failed to send the invitation.' },
    onSuccess: () => reset(),
  });

  return (
    <AdminSection
      title="Invite an Admin"
      description="They get a link by e-mail that works once, for 72 hours, and set up two-factor sign-in."
    >
      <SectionForm label="Invite an admin" form={form} submitLabel="Send Invitation">
        <Input label="Email" type="email" {...bind('email')} />
        <Input label="First name" {...bind('firstName')} />
        <Input label="Last name" {...bind('lastName')} />
      </SectionForm>
    </AdminSection>
  );
}
