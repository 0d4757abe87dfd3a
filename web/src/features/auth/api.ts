import type {
  AcceptInviteBody,
  AdminAuthResponse,
  AdminInvite,
  AuthResponse,
  College,
  LoginBody,
  RegisterBody,
  TwoFactorChallenge,
  VerifyTwoFactorBody,
  VerifyTwoFactorResponse,
} from '@quad/contracts';
import { api } from '../../api/api-slice';

/** Sign-in, registration, anonymous admin access, the college list and completing a profile. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getColleges: build.query<College[], void>({
      query: () => '/api/colleges',
      providesTags: ['Colleges'],
    }),
    /** A named admin gets a second-factor challenge instead of a session. */
    login: build.mutation<AuthResponse | TwoFactorChallenge, LoginBody>({
      query: (body) => ({ url: '/api/login', method: 'POST', body }),
    }),
    verifyTwoFactor: build.mutation<VerifyTwoFactorResponse, VerifyTwoFactorBody>({
      query: (body) => ({ url: '/api/auth/2fa/verify', method: 'POST', body }),
    }),
    getAdminInvite: build.query<AdminInvite, string>({
      query: (token) => `/api/admin/admins/invites/${encodeURIComponent(token)}`,
    }),
    acceptAdminInvite: build.mutation<TwoFactorChallenge, { token: string } & AcceptInviteBody>({
      query: ({ token, ...body }) => ({ url: `/api/admin/admins/invites/${encodeURIComponent(token)}/accept`, method: 'POST', body }),
    }),
    register: build.mutation<AuthResponse, RegisterBody>({
      query: (body) => ({ url: '/api/register', method: 'POST', body }),
    }),
    registerAdmin: build.mutation<AdminAuthResponse, { adminPassword: string; operator: string }>({
      query: (body) => ({ url: '/api/register-admin', method: 'POST', body }),
    }),
    completeProfile: build.mutation<unknown, { firstName: string; lastName: string }>({
      query: (body) => ({ url: '/api/complete-profile', method: 'POST', body }),
      // The '/' route decides between this screen and home from the refreshed user.
      invalidatesTags: ['CurrentUser', 'Profile'],
    }),
  }),
});

export const {
  useGetCollegesQuery,
  useLoginMutation,
  useRegisterMutation,
  useRegisterAdminMutation,
  useCompleteProfileMutation,
  useVerifyTwoFactorMutation,
  useGetAdminInviteQuery,
  useAcceptAdminInviteMutation,
} = authApi;
