import type { DeleteAccountBody, ResendConfirmationResponse, VerifyEmailResponse } from '@quad/contracts';
import { api } from '../../api/api-slice';

/** The student's own account: confirming the address, the data download, deletion. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Opens the e-mailed link's token; the current user then shows the address confirmed. */
    verifyEmail: build.mutation<VerifyEmailResponse, string>({
      query: (token) => ({ url: '/api/auth/verify-email', method: 'POST', body: { token } }),
      invalidatesTags: ['CurrentUser', 'Profile'],
    }),
    resendConfirmation: build.mutation<ResendConfirmationResponse, void>({
      query: () => ({ url: '/api/auth/verify-email/resend', method: 'POST' }),
    }),
    deleteAccount: build.mutation<{ message: string }, DeleteAccountBody>({
      query: (body) => ({ url: '/api/account', method: 'DELETE', body }),
    }),
  }),
});

export const { useVerifyEmailMutation, useResendConfirmationMutation, useDeleteAccountMutation } = accountApi;
