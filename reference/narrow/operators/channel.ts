// channel:<name or id> and channels:public / channels:web-public
// (zerver/lib/narrow.py NarrowBuilder.by_channel, by_channels;
// zerver/lib/streams.py get_public_streams_queryset, get_web_public_streams_queryset).
import { NARROW_TEXT, pythonStr } from '../error-text.ts';
import { singleOperand, type OperatorFn } from '../predicate.ts';
import { NarrowError, type NarrowChannel } from '../types.ts';

/**
 * The channel is looked up without an access check, so naming a private channel is
 * not an error; the caller's access rules then leave nothing to see.
 */
export const byChannel: OperatorFn = (term, { env, webPublicQuery }) => {
  const operand = singleOperand(term);
  const channel = env.channel(operand);
  if (channel === undefined) throw new NarrowError(NARROW_TEXT.unknownChannel(pythonStr(operand)));
  // A spectator's query: only the channel's own is_web_public flag is consulted here.
  if (webPublicQuery === true && !channel.is_web_public) throw new NarrowError(NARROW_TEXT.unknownWebPublicChannel(pythonStr(operand)));
  const streamId = channel.stream_id;
  return {
    predicate: (message) => message.type === 'stream' && message.stream_id === streamId,
    hint: { kind: 'channel', stream_id: streamId },
  };
};

/** Public: not invite-only, shared history. Web-public additionally is_web_public. */
const CHANNEL_SETS: Readonly<Record<string, (channel: NarrowChannel) => boolean>> = {
  public: (channel) => !channel.invite_only && channel.history_public_to_subscribers,
  'web-public': (channel) => channel.is_web_public && !channel.invite_only && channel.history_public_to_subscribers,
};

export const byChannels: OperatorFn = (term, { env }) => {
  const operand = pythonStr(term.operand);
  const inSet = Object.hasOwn(CHANNEL_SETS, operand) ? CHANNEL_SETS[operand] : undefined;
  if (inSet === undefined) throw new NarrowError(NARROW_TEXT.unknownChannels(operand));
  return {
    predicate: (message) => {
      if (message.type !== 'stream' || message.stream_id === null) return false;
      const channel = env.channelOf(message.stream_id);
      return channel !== undefined && inSet(channel);
    },
  };
};
