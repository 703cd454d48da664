// POST /messages/{message_id}/report — zulip/zulip zerver/views/message_report.py.
import { z } from 'zod';
import { checkReport, doReport, REPORT_TYPES } from '../actions/report-message.ts';
import type { Ctx } from '../request/context.ts';
import { str } from '../request/params.ts';

const reportType = z.string().refine((v) => REPORT_TYPES.some((t) => t.key === v), {
  message: 'Invalid {var}: Value error, Not in the list of possible values',
});

export function reportMessage(ctx: Ctx): Record<string, unknown> {
  const p = ctx.params.read({
    report_type: str(reportType),
    description: str(z.string().max(1000)).default(''),
  });
  const message = checkReport(ctx.world, ctx.me, ctx.pathInt('message_id'), p.report_type, p.description);
  doReport(ctx.world, ctx.me, message, p.report_type, p.description);
  return {};
}
