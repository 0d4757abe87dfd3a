import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { Card, CardDescription, CardTitle } from '../../../ui/card';
import { Select } from '../../../ui/select';
import { useToast } from '../../../ui/toast';
import { useGetCollegesQuery } from '../../auth/api';
import { useChangeUserCollegeMutation, useGetAdminUsersQuery } from '../admin-panel-api';
import { Form, SectionHeader } from './admin-panel.styles';

/** Moves a user to another college (auth's POST /api/admin/change-college). */
export function ChangeCollegeSection({ onAction }: { onAction: () => void }) {
  const users = useGetAdminUsersQuery();
  const colleges = useGetCollegesQuery();
  const [changeCollege, { isLoading }] = useChangeUserCollegeMutation();
  const { toast } = useToast();
  const [userId, setUserId] = useState('');
  const [collegeId, setCollegeId] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!userId || !collegeId) {
      toast({ title: 'Error', description: 'Please select both a user and college.', variant: 'destructive' });
      return;
    }
    try {
      await changeCollege({ userId, collegeId }).unwrap();
      toast({ title: 'College changed' });
      setUserId('');
      setCollegeId('');
      onAction();
    } catch {
      toast({ title: 'Error', description: "Failed to change user's college.", variant: 'destructive' });
    }
  }

  const userOptions = (users.data ?? [])
    .filter((user) => !user.isAdmin || user.email)
    .map((user) => ({ value: user.id, label: `${user.firstName} ${user.lastName}${user.email ? ` (${user.email})` : ''}` }));
  const collegeOptions = (colleges.data ?? []).map((college) => ({ value: college.id, label: `${college.name} (${college.initials})` }));

  return (
    <Card as="section" aria-labelledby="change-college-title">
      <SectionHeader>
        <div>
          <CardTitle id="change-college-title">Change User College</CardTitle>
          <CardDescription>Move a student to the college they really attend.</CardDescription>
        </div>
      </SectionHeader>
      <Form onSubmit={submit} aria-label="Change user college" noValidate>
        <Select label="User" placeholder="Select a user" options={userOptions} value={userId} onChange={(e) => setUserId(e.target.value)} />
        <Select label="College" placeholder="Select a college" options={collegeOptions} value={collegeId} onChange={(e) => setCollegeId(e.target.value)} />
        <Button type="submit" loading={isLoading} disabled={isLoading}>
          Change College
        </Button>
      </Form>
    </Card>
  );
}
