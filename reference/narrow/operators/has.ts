// has:link / has:attachment / has:image / has:reaction (zerver/lib/narrow.py
// NarrowBuilder.by_has). Upstream reads the has_link / has_attachment / has_image
// columns that message sending computes from the rendering, and looks for a
// zerver_reaction row. NOTE: approximation: we derive has_link and has_image from
// rendered_content each time: any <a href> is a link (upstream may not count internal
// channel and message links), and an <img> or an inline image preview is an image.
// has_attachment is set only when sending claims an uploaded file the sender may read
// (zerver/actions/uploads.py do_claim_attachments): a link that merely looks like a
// /user_uploads/ URL claims nothing. Understudy has no upload endpoint, so no message
// has an attachment.
import { NARROW_TEXT, pythonStr } from '../error-text.ts';
import type { OperatorFn, Predicate } from '../predicate.ts';
import { NarrowError } from '../types.ts';

const LINK = /<a\b[^>]*\bhref="/i;
const IMAGE = /<img\b|\bclass="[^"]*\bmessage_inline_image\b/i;

const HAS_OPERANDS: Readonly<Record<string, Predicate>> = {
  link: (message) => LINK.test(message.rendered_content),
  attachment: () => false,
  image: (message) => IMAGE.test(message.rendered_content),
  reaction: (message) => message.reactions.length > 0,
};

export const byHas: OperatorFn = (term) => {
  const operand = pythonStr(term.operand);
  const predicate = Object.hasOwn(HAS_OPERANDS, operand) ? HAS_OPERANDS[operand] : undefined;
  if (predicate === undefined) throw new NarrowError(NARROW_TEXT.unknownHas(operand));
  return { predicate };
};
