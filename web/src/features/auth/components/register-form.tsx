import { PASSWORD_MIN_LENGTH, SUBSCRIPTION_PRICE_USD } from '@quad/contracts';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { tooManyAttemptsText } from '../../../api/api-error';
import { Button } from '../../../ui/button';
import { InfoIcon } from '../../../ui/icons';
import { Input } from '../../../ui/input';
import { Select } from '../../../ui/select';
import { useGetCollegesQuery, type useRegisterMutation } from '../api';
import { useSignInSuccess } from '../hooks/use-sign-in-success';
import { Form, FormIntro, FormText, FormTitle, Notice, TwoColumns } from './auth-page.styles';
import { useSubmit } from '../../../ui/use-submit';

interface RegisterFormProps {
  register: ReturnType<typeof useRegisterMutation>[0];
  isPending: boolean;
  disabled: boolean;
  /** The college list is fetched once the Register tab is first opened. */
  loadColleges: boolean;
}

const EMPTY = { email: '', password: '', firstName: '', lastName: '', college: '' };

export function RegisterForm({ register, isPending, disabled, loadColleges }: RegisterFormProps) {
  const [form, setForm] = useState(EMPTY);
  const { submit, refuse } = useSubmit();
  const onSignedIn = useSignInSuccess();
  const colleges = useGetCollegesQuery(undefined, { skip: !loadColleges });

  useEffect(() => {
    if (colleges.isError) refuse('Failed to fetch colleges');
  }, [colleges.isError, refuse]);

  const collegeOptions = useMemo(
    () => (colleges.data ?? []).map((college) => ({ value: String(college.id), label: `${college.name} (${college.initials})` })),
    [colleges.data],
  );

  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = { ...form, email: form.email.trim(), firstName: form.firstName.trim(), lastName: form.lastName.trim() };
    if (!body.email || !body.password || !body.firstName || !body.lastName || !body.college) {
      refuse('Required Fields', 'Please fill in all required fields including college selection.');
      return;
    }
    if (body.password.length < PASSWORD_MIN_LENGTH) {
      refuse('Password too short', `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
      return;
    }
    await submit(() => register(body).unwrap(), {
      // A refusal for going too fast says so: 'Email already exists' would send a student looking for a wrong cause.
      failure: { title: 'Registration failed', describe: (error) => tooManyAttemptsText(error) ?? 'Email already exists or invalid data.' },
      onSuccess: ({ authToken, user }) =>
        onSignedIn({
          user,
          token: { kind: 'user', value: authToken },
          toast: { title: 'Welcome to Quad!', description: 'Your account has been created successfully.' },
          navigation: 'page',
        }),
    });
  }

  return (
    <Form onSubmit={onSubmit} noValidate aria-label="Register">
      <FormIntro>
        <FormTitle>Create your account</FormTitle>
        <FormText>Join the students of your college.</FormText>
      </FormIntro>
      <Input label="Email" name="email" type="email" autoComplete="email" placeholder="you@college.edu" value={form.email} onChange={set('email')} />
      <Input
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        placeholder={`At least ${PASSWORD_MIN_LENGTH} characters`}
        value={form.password}
        onChange={set('password')}
      />
      <TwoColumns>
        <Input label="First name" name="firstName" autoComplete="given-name" value={form.firstName} onChange={set('firstName')} />
        <Input label="Last name" name="lastName" autoComplete="family-name" value={form.lastName} onChange={set('lastName')} />
      </TwoColumns>
      <Select
        label="College"
        name="college"
        required
        placeholder={colleges.isFetching ? 'Loading colleges…' : 'Select your college'}
        options={collegeOptions}
        value={form.college}
        onChange={set('college')}
      />
      <Notice>
        <InfoIcon />
        <span>Subscription: ${SUBSCRIPTION_PRICE_USD}/year required for access to all features.</span>
      </Notice>
      <Button type="submit" size="lg" fullWidth disabled={disabled} loading={isPending}>
        {isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </Form>
  );
}
