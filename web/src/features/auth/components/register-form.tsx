import { PASSWORD_MIN_LENGTH, SUBSCRIPTION_PRICE_USD } from '@quad/contracts';
import { useEffect, useMemo } from 'react';
import { tooManyAttemptsText } from '../../../api/api-error';
import { AuthForm } from '../../../ui/auth-form';
import { InfoIcon } from '../../../ui/icons';
import { Input } from '../../../ui/input';
import { Select } from '../../../ui/select';
import { useFields } from '../../../ui/use-fields';
import { useSubmit, useSubmitForm } from '../../../ui/use-submit';
import { useGetCollegesQuery, type useRegisterMutation } from '../api';
import { useSignInSuccess } from '../hooks/use-sign-in-success';
import { AUTH_FIELDS } from './auth-fields';
import { Notice, TwoColumns } from './auth-page.styles';

interface RegisterFormProps {
  register: ReturnType<typeof useRegisterMutation>[0];
  disabled: boolean;
  /** The college list is fetched once the Register tab is first opened. */
  loadColleges: boolean;
}

export function RegisterForm({ register, disabled, loadColleges }: RegisterFormProps) {
  const { values, bind } = useFields({ email: '', password: '', firstName: '', lastName: '', college: '' });
  const { refuse } = useSubmit();
  const onSignedIn = useSignInSuccess();
  const colleges = useGetCollegesQuery(undefined, { skip: !loadColleges });

  useEffect(() => {
    if (colleges.isError) refuse('Failed to fetch colleges');
  }, [colleges.isError, refuse]);

  const collegeOptions = useMemo(
    () =>
      (colleges.data ?? []).map((college) => ({
        value: String(college.id),
        label: `${college.name} (${college.initials})`,
      })),
    [colleges.data],
  );

  const body = {
    ...values,
    email: values.email.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
  };
  const form = useSubmitForm({
    check: () =>
      ((!body.email || !body.password || !body.firstName || !body.lastName || !body.college) && [
        'Required Fields',
        'Please fill in all required fields including college selection.',
      ]) ||
      (body.password.length < PASSWORD_MIN_LENGTH && [
        'Password too short',
        `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
      ]),
    call: () => register(body).unwrap(),
    // A refusal for going too fast says so: 'Email already exists' would send a student looking for a wrong cause.
    failure: {
      title: 'Registration failed',
      describe: (error) => tooManyAttemptsText(error) ?? 'Email already exists or invalid data.',
    },
    onSuccess: ({ authToken, user }) =>
      onSignedIn({
        user,
        token: { kind: 'user', value: authToken },
        toast: { title: 'Welcome to Quad!', description: 'Your account has been created successfully.' },
        navigation: 'page',
      }),
  });

  return (
    <AuthForm
      label="Register"
      title="Create your account"
      intro="Join the students of your college."
      form={form}
      submitLabel="Create Account"
      busyLabel="Creating account..."
      disabled={disabled}
    >
      <Input {...AUTH_FIELDS.email} {...bind('email')} />
      <Input label="Password" {...AUTH_FIELDS.newPassword} {...bind('password')} />
      <TwoColumns>
        <Input {...AUTH_FIELDS.firstName} {...bind('firstName')} />
        <Input {...AUTH_FIELDS.lastName} {...bind('lastName')} />
      </TwoColumns>
      <Select
        label="College"
        required
        placeholder={colleges.isFetching ? 'Loading colleges…' : 'Select your college'}
        options={collegeOptions}
        {...bind('college')}
      />
      <Notice>
        <InfoIcon />
        <span>Subscription: ${SUBSCRIPTION_PRICE_USD}/year required for access to all features.</span>
      </Notice>
    </AuthForm>
  );
}
