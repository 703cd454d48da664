// Types for the parts of the zulip-js client (no types of its own) that our tests call.
declare module 'zulip-js' {
  type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  interface ZulipClient {
    config: { apiKey: string; apiURL: string; username: string; realm: string };
    callEndpoint(endpoint: string, method?: string, params?: Record<string, unknown>): Promise<Json>;
    users: { retrieve(params?: Record<string, unknown>): Promise<Json>; me: { getProfile(): Promise<Json> } };
    streams: { retrieve(params?: Record<string, unknown>): Promise<Json>; subscriptions: { retrieve(params?: Record<string, unknown>): Promise<Json> } };
  }
  export default function zulip(config: { username: string; password?: string; apiKey?: string; realm: string }): Promise<ZulipClient>;
}
