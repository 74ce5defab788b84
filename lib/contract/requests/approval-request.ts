import { z } from 'zod';

/** Body of `POST /api/turns/<id>/approvals`: a person's answer to a call waiting for approval. */
export const approvalRequestSchema = z.object({
  callId: z.string().min(1).max(200),
  approved: z.boolean(),
  reason: z.string().max(2000).optional(),
});
