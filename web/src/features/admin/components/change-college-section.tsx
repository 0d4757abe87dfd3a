import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { Card, CardDescription, CardTitle } from '../../../ui/card';
import { Select } from '../../../ui/select';
import { useSubmit } from '../../../ui/use-submit';
import { useGetCollegesQuery } from '../../auth';
import { useChangeUserCollegeMutation, useGetAdminUsersQuery } from '../admin-panel-api';
import { SearchField } from './admin-list/admin-list';
import { Form, SectionHeader } from './admin-panel.styles';

/** How many matches the user picker offers for what was typed. */
const USER_MATCHES = 20;

/** Moves a user to another college (auth's POST /api/admin/change-college), found by a server search. */
export function ChangeCollegeSection() {
  const [userSearch, setUserSearch] = useState('');
  // Students are found on the server by the start of a name or e-mail: the campus is never loaded whole.
  const users = useGetAdminUsersQuery({ search: userSearch, role: 'student', limit: USER_MATCHES }, { skip: userSearch.length === 0 });
  const colleges = useGetCollegesQuery();
  const [changeCollege, { isLoading }] = useChangeUserCollegeMutation();
  const { submit, refuse } = useSubmit();
  const [userId, setUserId] = useState('');
  const [collegeId, setCollegeId] = useState('');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!userId || !collegeId) {
      refuse('Error', 'Please select both a user and college.');
      return;
    }
    await submit(() => changeCollege({ userId, collegeId }).unwrap(), {
      success: { title: 'College changed' },
      failure: { title: 'Error', description: "Failed to change user's college." },
      onSuccess: () => {
        setUserId('');
        setCollegeId('');
      },
    });
  }

  const userOptions = (userSearch ? (users.data?.rows ?? []) : []).map((user) => ({ value: user.id, label: `${user.firstName} ${user.lastName}${user.email ? ` (${user.email})` : ''}` }));
  const collegeOptions = (colleges.data ?? []).map((college) => ({ value: college.id, label: `${college.name} (${college.initials})` }));

  return (
    <Card as="section" aria-labelledby="change-college-title">
      <SectionHeader>
        <div>
          <CardTitle id="change-college-title">Change User College</CardTitle>
          <CardDescription>Move a student to the college they really attend.</CardDescription>
        </div>
      </SectionHeader>
      <Form onSubmit={onSubmit} aria-label="Change user college" noValidate>
        <SearchField label="Find a student" placeholder="Name or e-mail" value={userSearch} onSearch={setUserSearch} />
        <Select label="User" placeholder={userSearch ? 'Select a user' : 'Search first'} options={userOptions} value={userId} onChange={(e) => setUserId(e.target.value)} />
        <Select label="College" placeholder="Select a college" options={collegeOptions} value={collegeId} onChange={(e) => setCollegeId(e.target.value)} />
        <Button type="submit" loading={isLoading} disabled={isLoading}>
          Change College
        </Button>
      </Form>
    </Card>
  );
}
