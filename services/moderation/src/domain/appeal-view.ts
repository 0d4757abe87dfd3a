import type { Appeal } from '@quad/contracts';
import type { AppealDoc } from '../models/appeal-model';

export function toAppeal(appeal: AppealDoc): Appeal {
  return {
    id: appeal._id,
    banId: appeal._id,
    userId: appeal.userId,
    message: appeal.message,
    status: appeal.status,
    response: appeal.response,
    createdAt: appeal.createdAt.toISOString(),
    decidedAt: appeal.decidedAt ? appeal.decidedAt.toISOString() : null,
  };
}
