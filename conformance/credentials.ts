// The profile's users as the runner uses them: email, API key and user id. A user with
// a password logs in through POST /api/v1/fetch_api_key once per run; a user with an
// api_key is used as given. Ids come from the login or from GET /api/v1/users/me.
import type { Credentials as ProfileUser, Profile, Role } from './schema.ts';
import { basicAuth } from './request.ts';
import type { Target } from './targets/target.ts';

export interface ResolvedUser {
  id: number;
  email: string;
  api_key: string;
  password?: string;
}

export class Credentials {
  #cache = new Map<Role, Promise<ResolvedUser>>();

  constructor(
    readonly profile: Profile,
    readonly target: Target,
  ) {}

  has(role: Role): boolean {
    return this.profile.users[role] !== undefined;
  }

  /** The user playing `role`, logging in on first use. */
  resolve(role: Role): Promise<ResolvedUser> {
    let hit = this.#cache.get(role);
    if (!hit) {
      const user = this.profile.users[role];
      hit = user ? this.#login(role, user) : Promise.reject(new Error(`the profile has no "${role}" user`));
      this.#cache.set(role, hit);
    }
    return hit;
  }

  /** The passwords and API keys of the users resolved so far, to mask them in reports. */
  async secrets(): Promise<string[]> {
    const settled = await Promise.allSettled(this.#cache.values());
    return settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value.api_key, ...(s.value.password !== undefined ? [s.value.password] : [])] : []));
  }

  async #login(role: Role, user: ProfileUser): Promise<ResolvedUser> {
    const session = await this.target.open();
    const password = 'password' in user ? user.password : undefined;
    let apiKey = user.api_key;
    let id: number | undefined;
    if (apiKey === undefined && password !== undefined) {
      const res = await session.send({
        method: 'POST',
        path: '/api/v1/fetch_api_key',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: user.email, password }).toString(),
      });
      const json = res.json as Record<string, unknown> | undefined;
      if (res.status !== 200 || typeof json?.['api_key'] !== 'string') {
        throw new Error(`cannot log in as ${role} (${user.email}): ${res.status} ${res.text.slice(0, 300)}`);
      }
      apiKey = json['api_key'];
      if (typeof json['user_id'] === 'number') id = json['user_id'];
    }
    if (apiKey === undefined) throw new Error(`the profile's ${role} user has neither a password nor an api_key`);
    if (id === undefined) {
      const res = await session.send({ method: 'GET', path: '/api/v1/users/me', headers: { Authorization: basicAuth(user.email, apiKey) } });
      const json = res.json as Record<string, unknown> | undefined;
      if (res.status !== 200 || typeof json?.['user_id'] !== 'number') {
        throw new Error(`cannot identify ${role} (${user.email}) with GET /api/v1/users/me: ${res.status} ${res.text.slice(0, 300)}`);
      }
      id = json['user_id'];
    }
    return { id, email: user.email, api_key: apiKey, ...(password !== undefined ? { password } : {}) };
  }
}
