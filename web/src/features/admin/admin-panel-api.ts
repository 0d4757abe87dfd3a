import type {
  AdminUser,
  AuditEntry,
  InviteAdminBody,
  NamedAdmin,
  ManualSubscriptionBody,
  ManualSubscriptionResponse,
  PaymentRequest,
  UpdatePaymentBody,
  UpdatePaymentResponse,
  User,
} from '@quad/contracts';
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { api } from '../../api/api-slice';
import { type AdminListPage, type AdminListParams, adminListParams, toAdminListPage } from './admin-list-page';

/** Payment requests refetch every 30 s while the panel is open (spec section 9). */
export const PAYMENT_REQUESTS_POLL_MS = 30_000;

/** One entry of the admin audit log (GET /api/admin/audit-log, kept by the moderation service). */
export type AuditLogEntry = AuditEntry;

export const adminPanelApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPaymentRequests: build.query<AdminListPage<PaymentRequest>, AdminListParams>({
      query: (params) => ({ url: '/api/admin/payment-requests', params: adminListParams(params) }),
      transformResponse: (rows: PaymentRequest[], meta) => toAdminListPage(rows, meta as FetchBaseQueryMeta | undefined),
      providesTags: ['PaymentRequests'],
    }),
    updatePayment: build.mutation<UpdatePaymentResponse, UpdatePaymentBody>({
      query: (body) => ({ url: '/api/admin/update-payment', method: 'POST', body }),
      invalidatesTags: ['PaymentRequests', 'AdminUsers', 'AuditLog'],
    }),
    grantManualSubscription: build.mutation<ManualSubscriptionResponse, ManualSubscriptionBody>({
      query: (body) => ({ url: '/api/admin/manual-subscription', method: 'POST', body }),
      invalidatesTags: ['AdminUsers', 'AuditLog'],
    }),
    changeUserCollege: build.mutation<User, { userId: string; collegeId: string }>({
      query: (body) => ({ url: '/api/admin/change-college', method: 'POST', body }),
      invalidatesTags: ['AdminUsers', 'AuditLog'],
    }),
    getAdminUsers: build.query<AdminListPage<AdminUser>, AdminListParams>({
      query: (params) => ({ url: '/api/admin/users', params: adminListParams(params) }),
      transformResponse: (rows: AdminUser[], meta) => toAdminListPage(rows, meta as FetchBaseQueryMeta | undefined),
      providesTags: ['AdminUsers'],
    }),
    getPanelAuditLog: build.query<AdminListPage<AuditLogEntry>, AdminListParams>({
      query: (params) => ({ url: '/api/admin/audit-log', params: adminListParams(params) }),
      transformResponse: (rows: AuditLogEntry[], meta) => toAdminListPage(rows, meta as FetchBaseQueryMeta | undefined),
      providesTags: ['AuditLog'],
    }),
    getAdmins: build.query<AdminListPage<NamedAdmin>, AdminListParams>({
      query: (params) => ({ url: '/api/admin/admins', params: adminListParams(params) }),
      transformResponse: (rows: NamedAdmin[], meta) => toAdminListPage(rows, meta as FetchBaseQueryMeta | undefined),
      providesTags: ['Admins'],
    }),
    inviteAdmin: build.mutation<{ email: string; expiresAt: string }, InviteAdminBody>({
      query: (body) => ({ url: '/api/admin/admins/invites', method: 'POST', body }),
      invalidatesTags: ['AuditLog'],
    }),
    removeAdmin: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/api/admin/admins/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Admins', 'AdminUsers', 'AuditLog']),
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
  useGetAdminsQuery,
  useInviteAdminMutation,
  useRemoveAdminMutation,
} = adminPanelApi;
