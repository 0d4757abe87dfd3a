import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { useSession } from '../../../lib/auth/use-session';
import { Button } from '../../../ui/button';
import { Input } from '../../../ui/input';
import { useCompleteProfileMutation } from '../api';
import {
  AuthCard,
  Brand,
  BrandMark,
  Form,
  FormIntro,
  FormText,
  FormTitle,
  FormColumn,
  Screen,
  TwoColumns,
} from './auth-page.styles';
import { useFields } from '../../../ui/use-fields';
import { AUTH_FIELDS } from './auth-fields';
import { useSubmitForm } from '../../../ui/use-submit';

/** Asks for first and last name when either is missing (spec section 2, complete-profile). */
export function CompleteProfilePage() {
  const { user } = useSession();
  const { values, bind } = useFields({ firstName: user?.firstName ?? '', lastName: user?.lastName ?? '' });
  const [completeProfile] = useCompleteProfileMutation();
  const navigate = useNavigate();
  const body = { firstName: values.firstName.trim(), lastName: values.lastName.trim() };
  const form = useSubmitForm({
    check: () =>
      (!body.firstName || !body.lastName) && [
        'Required Fields',
        'Please enter both your first and last name.',
      ],
    call: () => completeProfile(body).unwrap(),
    failure: { title: 'Error', fallback: 'Failed to update profile. Please try again.' },
    // The current user is refetched through tag invalidation; '/' then shows home.
    onSuccess: () => navigate(paths.home),
  });

  return (
    <Screen style={{ gridTemplateColumns: '1fr' }}>
      <FormColumn>
        <Brand>
          <BrandMark aria-hidden="true">Q</BrandMark>
        </Brand>
        <AuthCard>
          <Form onSubmit={form.onSubmit} noValidate aria-label="Complete your profile">
            <FormIntro>
              <FormTitle as="h1">Complete Your Profile</FormTitle>
              <FormText>
                Tell your classmates who you are. Your name is shown on your posts and messages.
              </FormText>
            </FormIntro>
            <TwoColumns>
              <Input {...AUTH_FIELDS.firstName} {...bind('firstName')} />
              <Input {...AUTH_FIELDS.lastName} {...bind('lastName')} />
            </TwoColumns>
            <Button type="submit" size="lg" fullWidth busy={form.busy}>
              {form.busy ? 'Saving...' : 'Continue'}
            </Button>
          </Form>
        </AuthCard>
      </FormColumn>
    </Screen>
  );
}
