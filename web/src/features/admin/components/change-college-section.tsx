import { useState } from 'react';
import { Select } from '../../../ui/select';
import { useFields } from '../../../ui/use-fields';
import { useSubmitForm } from '../../../ui/use-submit';
import { useGetCollegesQuery } from '../../auth';
import { useChangeUserCollegeMutation, useGetAdminUsersQuery } from '../admin-panel-api';
import { SearchField } from './admin-list/admin-list';
import { AdminSection, SectionForm } from './admin-section';

/** How many matches the user picker offers for what was typed. */
const USER_MATCHES = 20;

/** Moves a user to another college (auth's POST /api/admin/change-college), found by a server search. */
export function ChangeCollegeSection() {
  const [userSearch, setUserSearch] = useState('');
  // Students are found on the server by the start of a name or e-mail: the campus is never loaded whole.
  const users = useGetAdminUsersQuery(
    { search: userSearch, role: 'student', limit: USER_MATCHES },
    { skip: userSearch.length === 0 },
  );
  const colleges = useGetCollegesQuery();
  const [changeCollege] = useChangeUserCollegeMutation();
  const { values, bind, reset } = useFields({ userId: '', collegeId: '' });
  const form = useSubmitForm({
    check: () => (!values.userId || !values.collegeId) && ['Error', 'Please select both a user and college.'],
    call: () => changeCollege(values).unwrap(),
    success: { title: 'College changed' },
    failure: { title: 'Error', description: "Failed to change user's college." },
    onSuccess: () => reset(),
  });

  const userOptions = (userSearch ? (users.data?.rows ?? []) : []).map((user) => ({
    value: user.id,
    label: `${user.firstName} ${user.lastName}${user.email ? ` (${user.email})` : ''}`,
  }));
  const collegeOptions = (colleges.data ?? []).map((college) => ({
    value: college.id,
    label: `${college.name} (${college.initials})`,
  }));

  return (
    <AdminSection title="Change User College" description="Move a student to the college they really attend.">
      <SectionForm label="Change user college" form={form} submitLabel="Change College">
        <SearchField
          label="Find a student"
          placeholder="Name or e-mail"
          value={userSearch}
          onSearch={setUserSearch}
        />
        <Select
          label="User"
          placeholder={userSearch ? 'Select a user' : 'Search first'}
          options={userOptions}
          {...bind('userId')}
        />
        <Select
          label="College"
          placeholder="Select a college"
          options={collegeOptions}
          {...bind('collegeId')}
        />
      </SectionForm>
    </AdminSection>
  );
}
