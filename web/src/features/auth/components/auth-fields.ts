import { LIMITS, PASSWORD_MIN_LENGTH } from '@quad/contracts';

/** The sign-in forms' inputs, as the props they share (each form binds its value). */
export const AUTH_FIELDS = {
  email: { label: 'Email', type: 'email', autoComplete: 'email', placeholder: 'you@college.edu' },
  currentPassword: { type: 'password', autoComplete: 'current-password' },
  newPassword: {
    type: 'password',
    autoComplete: 'new-password',
    placeholder: `At least ${PASSWORD_MIN_LENGTH} characters`,
  },
  firstName: { label: 'First name', autoComplete: 'given-name', maxLength: LIMITS.name },
  lastName: { label: 'Last name', autoComplete: 'family-name', maxLength: LIMITS.name },
} as const;
