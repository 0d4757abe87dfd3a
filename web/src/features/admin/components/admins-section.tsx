import type { NamedAdmin } from '@quad/contracts';
import { useState, type FormEvent } from 'react';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card, CardDescription, CardTitle } from '../../../ui/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Input } from '../../../ui/input';
import { useGetAdminsQuery, useInviteAdminMutation, useRemoveAdminMutation } from '../admin-panel-api';
import { ListStatus, Pager } from './admin-list/admin-list';
import { Table, TableScroll } from './admin-list/admin-list.styles';
import { useCursorPages } from './admin-list/use-admin-list';
import { Form, SectionHeader, Sections } from './admin-panel.styles';
import { useSubmit } from '../../../ui/use-submit';

const PAGE_SIZE = 50;

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
  const rows = admins.data?.rows ?? [];

  async function confirmRemoval() {
    if (!removing) return;
    await submit(() => removeAdmin(removing.id).unwrap(), {
      success: { title: 'Admin removed', description: `${removing.firstName} ${removing.lastName} is no longer an admin.` },
      failure: { title: 'Error', fallback: 'Failed to remove the admin.' },
    });
    setRemoving(null);
  }

  return (
    <Card as="section" aria-labelledby="admins-title">
      <SectionHeader>
        <div>
          <CardTitle id="admins-title">Admins</CardTitle>
          <CardDescription>Everyone who runs Quad, by name. Students see them only as "Quad admin".</CardDescription>
        </div>
      </SectionHeader>
      {rows.length > 0 ? (
        <TableScroll>
          <Table aria-label="Admins">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Two-factor</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((admin) => (
                <tr key={admin.id}>
                  <td>
                    <strong>{`${admin.firstName} ${admin.lastName}`}</strong>
                  </td>
                  <td>{admin.email ?? '—'}</td>
                  <td>{admin.twoFactorEnabled ? <Badge $variant="success">On</Badge> : <Badge $variant="warning">Not set up</Badge>}</td>
                  <td>
                    <Button size="sm" variant="outline" onClick={() => setRemoving(admin)} aria-label={`Remove ${admin.firstName} ${admin.lastName}`}>
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      ) : (
        <ListStatus
          loading={admins.isFetching && !admins.data}
          failed={admins.isError}
          empty={rows.length === 0}
          loadingLabel="Loading admins"
          emptyText="No named admins yet: invite the first one."
        />
      )}
      <Pager
        label="Admin pages"
        pageNumber={pages.pageNumber}
        total={null}
        noun="admins"
        nextCursor={admins.data?.nextCursor ?? null}
        onNext={pages.next}
        onPrevious={pages.previous}
        busy={admins.isFetching}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove admin"
        message={removing ? `Remove ${removing.firstName} ${removing.lastName} as an admin? Their account stays, without admin access.` : ''}
        confirmLabel="Remove"
        busy={isLoading}
        onConfirm={() => void confirmRemoval()}
      />
    </Card>
  );
}

function InviteForm() {
  const [invite, { isLoading }] = useInviteAdminMutation();
  const [fields, setFields] = useState({ email: '', firstName: '', lastName: '' });
  const { submit, refuse } = useSubmit();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!fields.email.trim() || !fields.firstName.trim() || !fields.lastName.trim()) {
      refuse('Error', 'Please enter the e-mail and the name of the new admin.');
      return;
    }
    await submit(() => invite(fields).unwrap(), {
      success: (sent) => ({ title: 'Invitation sent', description: `${sent.email} can accept it until ${new Date(sent.expiresAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}.` }),
      failure: { title: 'Error', fallback: 'Failed to send the invitation.' },
      onSuccess: () => setFields({ email: '', firstName: '', lastName: '' }),
    });
  }

  return (
    <Card as="section" aria-labelledby="invite-admin-title">
      <SectionHeader>
        <div>
          <CardTitle id="invite-admin-title">Invite an Admin</CardTitle>
          <CardDescription>They get a link by e-mail that works once, for 72 hours, and set up two-factor sign-in.</CardDescription>
        </div>
      </SectionHeader>
      <Form onSubmit={onSubmit} aria-label="Invite an admin" noValidate>
        <Input label="Email" type="email" value={fields.email} onChange={(e) => setFields({ ...fields, email: e.target.value })} />
        <Input label="First name" value={fields.firstName} onChange={(e) => setFields({ ...fields, firstName: e.target.value })} />
        <Input label="Last name" value={fields.lastName} onChange={(e) => setFields({ ...fields, lastName: e.target.value })} />
        <Button type="submit" loading={isLoading} disabled={isLoading}>
          Send Invitation
        </Button>
      </Form>
    </Card>
  );
}
