import { useState, type FormEvent } from 'react';
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
import { useSubmit } from '../../../ui/use-submit';

/** Asks for first and last name when either is missing (spec section 2, complete-profile). */
export function CompleteProfilePage() {
  const { user } = useSession();
  const [firstName, setFirstName] = useState(user?.firstName ?? '');
  const [lastName, setLastName] = useState(user?.lastName ?? '');
  const [completeProfile, { isLoading }] = useCompleteProfileMutation();
  const { submit, refuse } = useSubmit();
  const navigate = useNavigate();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = { firstName: firstName.trim(), lastName: lastName.trim() };
    if (!body.firstName || !body.lastName) {
      refuse('Required Fields', 'Please enter both your first and last name.');
      return;
    }
    await submit(() => completeProfile(body).unwrap(), {
      failure: { title: 'Error', fallback: 'Failed to update profile. Please try again.' },
      // The current user is refetched through tag invalidation; '/' then shows home.
      onSuccess: () => navigate(paths.home),
    });
  }

  return (
    <Screen style={{ gridTemplateColumns: '1fr' }}>
      <FormColumn>
        <Brand>
          <BrandMark aria-hidden="true">Q</BrandMark>
        </Brand>
        <AuthCard>
          <Form onSubmit={onSubmit} noValidate aria-label="Complete your profile">
            <FormIntro>
              <FormTitle as="h1">Complete Your Profile</FormTitle>
              <FormText>
                Tell your classmates who you are. Your name is shown on your posts and messages.
              </FormText>
            </FormIntro>
            <TwoColumns>
              <Input
                label="First name"
                name="firstName"
                autoComplete="given-name"
                value={firstName}
                onChange={(e) => setFirstName(e.target.value)}
              />
              <Input
                label="Last name"
                name="lastName"
                autoComplete="family-name"
                value={lastName}
                onChange={(e) => setLastName(e.target.value)}
              />
            </TwoColumns>
            <Button type="submit" size="lg" fullWidth busy={isLoading}>
              {isLoading ? 'Saving...' : 'Continue'}
            </Button>
          </Form>
        </AuthCard>
      </FormColumn>
    </Screen>
  );
}
