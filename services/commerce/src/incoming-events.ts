import { type ServiceRuntime, runAccountDeletion, runUserDirectory, startConsumers } from '@quad/common';
import { forgetCommerceUser } from './domain/account-deletion';
import type { Config } from './config';
import { commerceContext } from './domain/context';
import { completePaymentDecision } from './domain/payment-mail';

/**
 * What commerce consumes: the shared user directory, and its own payment decisions, whose steps
 * and e-mail complete from the event whatever happened to the process that decided
 * (domain/payment-mail.ts). A mail server that is out is retried every 15 s for about 15 minutes.
 */
export async function startEventConsumers(runtime: ServiceRuntime<Config>): Promise<void> {
  await runUserDirectory(runtime);
  const ctx = commerceContext(runtime);
  await runAccountDeletion(runtime, ({ userId }) => forgetCommerceUser(ctx, userId));
  const complete = ({ data, occurredAt }: { data: { paymentId: string; status: 'approved' | 'rejected' }; occurredAt: string }) =>
    completePaymentDecision(ctx, { paymentId: data.paymentId, status: data.status, occurredAt });
  runtime.consumers.push(
    await startConsumers({
      ...runtime,
      durable: `${runtime.consumerPrefix}-payment-decisions`,
      handlers: { 'commerce.payment.approved': complete, 'commerce.payment.rejected': complete },
      maxDeliver: 60,
      retryDelayMs: 15_000,
    }),
  );
}
