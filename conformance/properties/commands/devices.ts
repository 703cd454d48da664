// POST /register_client_device and /remove_client_device (the devices of mobile push
// registration): a device belongs to the user who registered it; anyone else removing it
// gets exactly the answer for a device that does not exist, and nothing changes.
import { Command, MISSING_ID, missingTwin, ok, pick, type Real } from '../command.ts';
import type { Call } from '../driver.ts';
import type { Family } from '../families.ts';
import type { Model } from '../model.ts';
import { varName } from '../vars.ts';

export class RegisterDevice extends Command {
  readonly family: Family = 'devices';
  constructor(readonly who: number) {
    super();
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const v = varName('device', m.next('device'));
    const res = await r.d.call({ as: u.as, method: 'POST', path: '/api/v1/register_client_device', save: { [v]: 'device_id' } });
    if (ok(res) && r.d.has(v)) m.items.push({ kind: 'device', v, id: r.d.value(v), owner: u.id });
  }

  toString(): string {
    return `RegisterDevice(${this.who})`;
  }
}

export class RemoveDevice extends Command {
  readonly family: Family = 'devices';
  constructor(
    readonly who: number,
    readonly device: number,
  ) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return m.items.some((i) => i.kind === 'device');
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const d = pick(
      m.items.filter((i) => i.kind === 'device'),
      this.device,
    );
    const call: Call = { as: u.as, method: 'POST', path: '/api/v1/remove_client_device', params: { device_id: `\${${d.v}}` } };
    if (d.owner !== u.id) {
      const expect = await missingTwin(r, { ...call, params: { device_id: MISSING_ID } }, call.path);
      await r.d.call({ ...call, note: `${u.key} does not own ${d.v}: answered as if it did not exist`, expect });
      return;
    }
    await r.d.call({ ...call, expect: { status: 200 } });
    m.items.splice(m.items.indexOf(d), 1);
  }

  toString(): string {
    return `RemoveDevice(${this.who}, ${this.device})`;
  }
}
