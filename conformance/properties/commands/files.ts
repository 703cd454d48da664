// Uploaded files (POST /user_uploads, GET /user_uploads/...): a file is downloaded by its
// uploader, and by whoever may see a message that links it, and by nobody else (403).
// A message links a file only if its sender may download it (do_claim_attachments); a
// deleted message no longer counts. The model's message access (access.ts) is the rule.
import { maySee } from '../access.ts';
import { Command, idRefs, ok, pick, type Real, recent } from '../command.ts';
import type { Family } from '../family.ts';
import type { Actor, MMessage, Model } from '../model.ts';
import { cannotPost } from '../access.ts';
import { TOPICS } from '../narrows.ts';
import { varName } from '../vars.ts';

interface MFile {
  /** The variable holding its URL. */
  v: string;
  owner: number;
  content: string;
  /** Messages that claimed it. */
  linked: MMessage[];
}

/** The files each run uploaded, in order. */
const FILES = new WeakMap<Model, MFile[]>();
function filesOf(m: Model): MFile[] {
  let list = FILES.get(m);
  if (list === undefined) FILES.set(m, (list = []));
  return list;
}

/** validate_attachment_request as the model sees it. */
function mayDownload(u: Actor, f: MFile): boolean {
  return u.id === f.owner || f.linked.some((x) => maySee(u, x));
}

export class Upload extends Command {
  readonly family: Family = 'files';
  constructor(readonly who: number) {
    super();
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const n = m.next('file');
    const v = `url${n}`;
    const content = `file ${n} of ${u.key}\r\n--\u0000\u00ff`;
    const res = await r.d.call({
      as: u.as,
      method: 'POST',
      path: '/api/v1/user_uploads',
      files: [{ name: 'file', filename: `f${n}.bin`, content_type: 'application/octet-stream', content }],
      save: { [v]: 'url' },
      expect: { status: 200 },
    });
    if (ok(res)) filesOf(m).push({ v, owner: u.id, content, linked: [] });
  }

  toString(): string {
    return `Upload(${this.who})`;
  }
}

/** A direct message, or a channel message, that links one of the run's files. */
export class ShareFile extends Command {
  readonly family: Family = 'files';
  constructor(
    readonly who: number,
    readonly file: number,
    readonly to: number[],
    readonly channel: number | null,
  ) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return filesOf(m as Model).length > 0 && (this.channel === null || m.channels.length > 0);
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const f = recent(filesOf(m), this.file);
    const v = varName('message', m.next('message'));
    const content = `see [file](\${${f.v}})`;
    let made: MMessage;
    if (this.channel === null) {
      const u = m.actor(this.who);
      const to = this.to.map((i) => m.anyActor(i));
      const res = await r.d.call({ as: u.as, method: 'POST', path: '/api/v1/messages', params: { type: 'direct', to: idRefs(to), content }, save: { [v]: 'id' } });
      if (!ok(res)) return;
      made = { v, id: r.d.value(v), channel: null, topic: '', sender: u.id, receivers: new Set([u.id, ...to.map((t) => t.id)]), deleted: false };
    } else {
      const c = recent(m.channels, this.channel);
      const u = m.around(c, this.who);
      const topic = pick(TOPICS, 0);
      const hidden = cannotPost(u, c);
      const res = await r.d.call({
        as: u.as,
        method: 'POST',
        path: '/api/v1/messages',
        params: { type: 'stream', to: `\${${c.v}}`, topic, content },
        save: { [v]: 'id' },
        ...(hidden ? { expect: { status: { min: 400, max: 499 } } } : {}),
      });
      if (!ok(res)) return;
      made = { v, id: r.d.value(v), channel: c, topic, sender: u.id, receivers: new Set([...c.subscribers, u.id]), deleted: false };
    }
    m.messages.push(made);
    const sender = m.actors.find((a) => a.id === made.sender) as Actor;
    // do_claim_attachments: only a file its sender may download.
    if (mayDownload(sender, f)) f.linked.push(made);
  }

  toString(): string {
    return `ShareFile(${this.who}, ${this.file}, [${this.to}], ${this.channel === null ? 'direct' : `#${this.channel}`})`;
  }
}

export class Download extends Command {
  readonly family: Family = 'files';
  constructor(
    readonly who: number,
    readonly file: number,
  ) {
    super();
  }

  override check(m: Readonly<Model>): boolean {
    return filesOf(m as Model).length > 0;
  }

  protected async act(m: Model, r: Real): Promise<void> {
    const u = m.actor(this.who);
    const f = recent(filesOf(m), this.file);
    const allowed = mayDownload(u, f);
    await r.d.call({
      note: allowed ? `${u.key} may download ${f.v}` : `${u.key} sees no message linking ${f.v}: refused`,
      as: u.as,
      method: 'GET',
      path: `\${${f.v}}`,
      expect: allowed ? { status: 200, body_base64: base64(f.content) } : { status: 403 },
    });
  }

  toString(): string {
    return `Download(${this.who}, ${this.file})`;
  }
}

function base64(text: string): string {
  let bin = '';
  for (const b of new TextEncoder().encode(text)) bin += String.fromCharCode(b);
  return btoa(bin);
}
