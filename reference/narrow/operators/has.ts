// has:link / has:attachment / has:image / has:reaction (zerver/lib/narrow.py
// NarrowBuilder.by_has). Upstream reads the has_link / has_attachment / has_image
// columns that message sending computes from the rendering, and looks for a
// zerver_reaction row. We derive has_link and has_image from rendered_content (re-rendered
// on edit, as upstream recomputes the columns): has_link is any <a href> once the inline
// patterns ran (InlineInterestingLinkProcessor.run: channel and message links count), and
// has_image an inline image preview (add_a with message_inline_image: not a video preview,
// nor an emoji's <img>), which render/image-previews.ts adds after links to uploaded images
// and to images on the organization's own site.
// has_attachment is set only when sending or editing claims an uploaded file the sender
// may read (zerver/actions/uploads.py do_claim_attachments): a link that merely looks like
// a /user_uploads/ URL claims nothing; the environment says which messages claimed one.
import { NARROW_TEXT, pythonStr } from '../error-text.ts';
import type { OperatorFn, Predicate } from '../predicate.ts';
import { NarrowError } from '../types.ts';

const LINK = /<a\b[^>]*\bhref="/i;
const IMAGE = /\bclass="(?![^"]*\bmessage_inline_video\b)[^"]*\bmessage_inline_image\b/i;

const HAS_OPERANDS: Readonly<Record<string, Predicate>> = {
  link: (message) => LINK.test(message.rendered_content),
  image: (message) => IMAGE.test(message.rendered_content),
  reaction: (message) => message.reactions.length > 0,
};

export const byHas: OperatorFn = (term, { env }) => {
  const operand = pythonStr(term.operand);
  if (operand === 'attachment') return { predicate: (message) => env.hasAttachment(message.id) };
  const predicate = Object.hasOwn(HAS_OPERANDS, operand) ? HAS_OPERANDS[operand] : undefined;
  if (predicate === undefined) throw new NarrowError(NARROW_TEXT.unknownHas(operand));
  return { predicate };
};
