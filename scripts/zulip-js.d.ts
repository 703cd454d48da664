// Types for the parts of the zulip-js client (no types of its own) that our tests call.
declare module 'zulip-js' {
  type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  type Params = Record<string, unknown>;
  interface ZulipClient {
    config: { apiKey: string; apiURL: string; username: string; realm: string };
    callEndpoint(endpoint: string, method?: string, params?: Params): Promise<Json>;
    users: {
      retrieve(params?: Params): Promise<Json>;
      me: {
        getProfile(): Promise<Json>;
        subscriptions: { add(params: Params): Promise<Json>; remove(params: Params): Promise<Json> };
        alertWords: { retrieve(params?: Params): Promise<Json> };
      };
    };
    streams: {
      retrieve(params?: Params): Promise<Json>;
      getStreamId(name: string): Promise<Json>;
      subscriptions: { retrieve(params?: Params): Promise<Json> };
      topics: { retrieve(params: Params): Promise<Json> };
      deleteById(params: Params & { stream_id: number }): Promise<Json>;
    };
    messages: {
      send(params: Params): Promise<Json>;
      retrieve(params: Params): Promise<Json>;
      getById(params: Params & { message_id: number }): Promise<Json>;
      render(params: string | Params): Promise<Json>;
      flags: { add(params: Params): Promise<Json>; remove(params: Params): Promise<Json> };
    };
    queues: { register(params?: Params): Promise<Json>; deregister(params: Params): Promise<Json> };
    events: { retrieve(params: Params): Promise<Json> };
    typing: { send(params: Params): Promise<Json> };
    reactions: { add(params: Params): Promise<Json>; remove(params: Params): Promise<Json> };
    emojis: { retrieve(params?: Params): Promise<Json> };
    filters: { retrieve(params?: Params): Promise<Json> };
  }
  export default function zulip(config: { username: string; password?: string; apiKey?: string; realm: string }): Promise<ZulipClient>;
}
