import type {
  AdminReport,
  Appeal,
  BanUserBody,
  BannedUser,
  DecideAppealBody,
  ReportStatus,
  RevealBody,
  RevealResponse,
  ResolveReportBody,
} from '@quad/contracts';
import { api } from '../../api/api-slice';

/** The 'Reports & Bans' page (spec section 7, Admin): reports, bans with their appeals, and reveals. */
export const moderationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminReports: build.query<AdminReport[], ReportStatus[]>({
      query: (statuses) => `/api/admin/reports?status=${statuses.join(',')}`,
      providesTags: ['Reports'],
    }),
    resolveReport: build.mutation<AdminReport, { id: string } & ResolveReportBody>({
      query: ({ id, ...body }) => ({ url: `/api/admin/reports/${encodeURIComponent(id)}/resolve`, method: 'POST', body }),
      invalidatesTags: (_result, error, { removeContent }) => (error ? [] : removeContent ? ['Reports', 'Posts', 'Comments'] : ['Reports']),
    }),
    getBannedUsers: build.query<BannedUser[], void>({
      query: () => '/api/admin/banned-users',
      providesTags: ['BannedUsers'],
    }),
    banUser: build.mutation<BannedUser, BanUserBody>({
      query: (body) => ({ url: '/api/admin/ban-user', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['BannedUsers']),
    }),
    unbanUser: build.mutation<{ message: string }, string>({
      query: (userId) => ({ url: `/api/admin/unban-user/${encodeURIComponent(userId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['BannedUsers']),
    }),
    decideAppeal: build.mutation<Appeal, { id: string } & DecideAppealBody>({
      query: ({ id, ...body }) => ({ url: `/api/admin/appeals/${encodeURIComponent(id)}/decide`, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['BannedUsers']),
    }),
    revealAuthor: build.mutation<RevealResponse, RevealBody>({
      query: (body) => ({ url: '/api/admin/reveal', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetAdminReportsQuery,
  useResolveReportMutation,
  useGetBannedUsersQuery,
  useBanUserMutation,
  useUnbanUserMutation,
  useDecideAppealMutation,
  useRevealAuthorMutation,
} = moderationApi;
