import type {
  AdminUser,
  AuditEntry,
  ManualSubscriptionBody,
  ManualSubscriptionResponse,
  PaymentRequest,
  UpdatePaymentBody,
  UpdatePaymentResponse,
  User,
} from '@quad/contracts';
import { api } from '../../api/api-slice';

/** Payment requests refetch every 30 s while the panel is open (spec section 9). */
export const PAYMENT_REQUESTS_POLL_MS = 30_000;

/** One entry of the admin audit log (GET /api/admin/audit-log, kept by the moderation service). */
export type AuditLogEntry = AuditEntry;

export const adminPanelApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPaymentRequests: build.query<PaymentRequest[], void>({
      query: () => '/api/admin/payment-requests',
      providesTags: ['PaymentRequests'],
    }),
    updatePayment: build.mutation<UpdatePaymentResponse, UpdatePaymentBody>({
      query: (body) => ({ url: '/api/admin/update-payment', method: 'POST', body }),
      invalidatesTags: ['PaymentRequests', 'AdminUsers'],
    }),
    grantManualSubscription: build.mutation<ManualSubscriptionResponse, ManualSubscriptionBody>({
      query: (body) => ({ url: '/api/admin/manual-subscription', method: 'POST', body }),
      invalidatesTags: ['AdminUsers'],
    }),
    changeUserCollege: build.mutation<User, { userId: string; collegeId: string }>({
      query: (body) => ({ url: '/api/admin/change-college', method: 'POST', body }),
      invalidatesTags: ['AdminUsers'],
    }),
    getAdminUsers: build.query<AdminUser[], void>({
      query: () => '/api/admin/users',
      providesTags: ['AdminUsers'],
    }),
    getPanelAuditLog: build.query<AuditLogEntry[], void>({
      query: () => '/api/admin/audit-log?limit=50',
    }),
  }),
});

export const {
  useGetPaymentRequestsQuery,
  useUpdatePaymentMutation,
  useGrantManualSubscriptionMutation,
  useChangeUserCollegeMutation,
  useGetAdminUsersQuery,
  useGetPanelAuditLogQuery,
} = adminPanelApi;
