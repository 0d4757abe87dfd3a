import type {
  CancelSubscriptionResponse,
  CreateSubscriptionResponse,
  PaymentSubmitBody,
  PaymentSubmitResponse,
  SubscriptionHistoryEntry,
  SubscriptionStatus,
} from '@quad/contracts';
import { api } from '../../api/api-slice';

/** Subscription status is stale after 2 minutes (spec section 9). */
export const SUBSCRIPTION_STALE_SECONDS = 120;

export const subscriptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSubscriptionStatus: build.query<SubscriptionStatus, void>({
      query: () => '/api/subscription-status',
      providesTags: ['Subscription'],
      keepUnusedDataFor: SUBSCRIPTION_STALE_SECONDS,
    }),
    getSubscriptionHistory: build.query<SubscriptionHistoryEntry[], void>({
      query: () => '/api/subscription-status/history',
      providesTags: ['Subscription'],
    }),
    submitPayment: build.mutation<PaymentSubmitResponse, PaymentSubmitBody>({
      query: (body) => ({ url: '/api/payments/submit', method: 'POST', body }),
      invalidatesTags: ['Subscription', 'PaymentRequests'],
    }),
    cancelSubscription: build.mutation<CancelSubscriptionResponse, void>({
      query: () => ({ url: '/api/cancel-subscription', method: 'POST' }),
      invalidatesTags: ['Subscription'],
    }),
    createSubscription: build.mutation<CreateSubscriptionResponse, void>({
      query: () => ({ url: '/api/create-subscription', method: 'POST' }),
      invalidatesTags: ['Subscription', 'CurrentUser'],
    }),
  }),
});

export const {
  useGetSubscriptionHistoryQuery,
  useSubmitPaymentMutation,
  useCancelSubscriptionMutation,
  useCreateSubscriptionMutation,
} = subscriptionApi;

/**
 * The status, refreshed when the cached copy is older than 2 minutes; `fresh` asks again on every
 * mount (the subscription-required page, reached because a service just answered 402).
 */
export function useSubscriptionStatus(options: { skip?: boolean; fresh?: boolean } = {}) {
  return subscriptionApi.useGetSubscriptionStatusQuery(undefined, {
    skip: options.skip,
    refetchOnMountOrArgChange: options.fresh ? true : SUBSCRIPTION_STALE_SECONDS,
  });
}
