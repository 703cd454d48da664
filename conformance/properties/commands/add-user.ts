// A user added through the control surface (add_user), a member or a guest, who then acts
// like the profile's users and is the one a Deactivate may deactivate. Needs control.
import { Command, type Real } from '../command.ts';
import type { Family } from '../families.ts';
import type { Model } from '../model.ts';

export class AddUser extends Command {
  readonly family: Family = 'users';
  constructor(readonly guest: boolean) {
    super();
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const n = m.next('user');
    const key = `u${n}`;
    await r.d.control(
      'add_user',
      { email: `p\${uniq}${key}@example.com`, full_name: `Property ${key}`, role: this.guest ? 'guest' : 'member' },
      { [`${key}_id`]: 'user_id', [`${key}_key`]: 'api_key', [`${key}_email`]: 'email' },
    );
    m.actors.push({
      key,
      as: { email: `\${${key}_email}`, api_key: `\${${key}_key}` },
      idRef: `\${${key}_id}`,
      emailRef: `\${${key}_email}`,
      id: r.d.value(`${key}_id`),
      role: this.guest ? 600 : 400,
      bot: false,
      botOwner: null,
      active: true,
    });
  }

  toString(): string {
    return `AddUser(${this.guest ? 'guest' : 'member'})`;
  }
}
