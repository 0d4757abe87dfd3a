import type { AdminAuthResponse, AuthResponse, College, LoginBody, RegisterBody } from '@quad/contracts';
import { api } from '../../api/api-slice';

/** Sign-in, registration, anonymous admin access, the college list and completing a profile. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getColleges: build.query<College[], void>({
      query: () => '/api/colleges',
      providesTags: ['Colleges'],
    }),
    login: build.mutation<AuthResponse, LoginBody>({
      query: (body) => ({ url: '/api/login', method: 'POST', body }),
    }),
    register: build.mutation<AuthResponse, RegisterBody>({
      query: (body) => ({ url: '/api/register', method: 'POST', body }),
    }),
    registerAdmin: build.mutation<AdminAuthResponse, { adminPassword: string }>({
      query: (body) => ({ url: '/api/register-admin', method: 'POST', body }),
    }),
    completeProfile: build.mutation<unknown, { firstName: string; lastName: string }>({
      query: (body) => ({ url: '/api/complete-profile', method: 'POST', body }),
      // The '/' route decides between this screen and home from the refreshed user.
      invalidatesTags: ['CurrentUser', 'Profile'],
    }),
  }),
});

export const { useGetCollegesQuery, useLoginMutation, useRegisterMutation, useRegisterAdminMutation, useCompleteProfileMutation } = authApi;
