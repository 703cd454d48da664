// The renderer's output is safe HTML whatever the message and whatever the realm's
// names: only the tags and attributes the server itself writes, no raw HTML, no
// script URLs, no attribute that a value could break out of. Each construct is tried
// with script injection; then random messages built from Markdown's special pieces.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render, type RenderContext } from './index.ts';

const EVIL = '<script>alert(1)</script>';
const BREAKOUT = '"><img src=x onerror=alert(1)>';

const users = [
  { user_id: 6, full_name: 'King Hamlet' },
  { user_id: 66, full_name: EVIL },
  { user_id: 67, full_name: `Mallory ${BREAKOUT}` },
];
const groups = [{ id: 70, name: BREAKOUT }, { id: 71, name: `team ${EVIL}` }];
const channels = [{ stream_id: 2, name: 'Denmark' }, { stream_id: 80, name: `x" onmouseover="alert(1)` }, { stream_id: 81, name: EVIL }];

const hostile: RenderContext = {
  realmUrl: 'http://zulip.testserver',
  userByName: (n) => users.find((u) => u.full_name.toLowerCase() === n.toLowerCase()),
  userById: (id) => users.find((u) => u.user_id === id),
  groupByName: (n) => groups.find((g) => g.name.toLowerCase() === n.toLowerCase()),
  channelByName: (n) => channels.find((c) => c.name === n),
  emoji: (n) =>
    n === 'evil_emoji' ? { reaction_type: 'realm_emoji', code: '9', url: `/x.png" onerror="alert(1)` } : undefined,
  topicWithId: () => undefined,
  defaultCodeBlockLanguage: `py" onload="alert(1)`,
};

const TAGS = new Set('p br strong em del code pre div span a blockquote ul ol li h1 h2 h3 h4 h5 h6 hr table thead tbody tr th td img time'.split(' '));
const ATTRS = new Set(
  'class href title data-user-id data-user-group-id data-stream-id data-code-language aria-label aria-hidden role alt src datetime style start'.split(' '),
);
const SAFE_SCHEMES = /^(https?|ftp|file|mailto|tel|sms|smsto|bitcoin|geo|im|irc|ircs|magnet|matrix|mms|news|nntp|openpgp4fpr|sip|ssh|urn|webcal|wtai|xmpp)$/;

function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#([0-9]+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** Every `<` opens an allowed tag with allowed, double-quoted attributes; no raw `>`. */
function assertSafe(html: string, input: string): void {
  const where = `for ${JSON.stringify(input)}:\n${html}`;
  assert.not.ok(/[\u0002\u0003\ue000-\ue00f]/.test(html), `a placeholder leaked ${where}`);
  const tag = /<(\/?)([a-z0-9]+)((?: [a-z-]+="[^"<>]*")*)>/y;
  for (let i = 0; i < html.length; i++) {
    if (html[i] === '>') assert.unreachable(`raw ">" at ${i} ${where}`);
    if (html[i] !== '<') continue;
    tag.lastIndex = i;
    const m = tag.exec(html);
    if (!m) assert.unreachable(`stray "<" at ${i} ${where}`);
    const [whole, , name, attrs] = m as unknown as [string, string, string, string];
    assert.ok(TAGS.has(name), `tag <${name}> ${where}`);
    if (name === 'img') assert.ok(attrs.includes(' class="emoji"'), `an <img> that is not an emoji ${where}`);
    for (const [, attr, value] of attrs.matchAll(/ ([a-z-]+)="([^"]*)"/g) as Iterable<[string, string, string]>) {
      assert.ok(ATTRS.has(attr), `attribute ${attr} ${where}`);
      if (attr === 'style') assert.match(value, /^text-align: (left|right|center);$/, where);
      if (attr === 'href') {
        const url = decodeEntities(value).replace(/[\u0000-\u0020]/g, '');
        const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
        assert.ok(scheme === undefined || SAFE_SCHEMES.test(scheme), `href ${value} ${where}`);
      }
    }
    i += whole.length - 1;
  }
}

const ATTEMPTS: Record<string, string[]> = {
  'raw HTML': [EVIL, '<img src=x onerror=alert(1)>', '<a href="javascript:alert(1)">x</a>', '<<script>script>', '<!-- x --><style>*{}</style>'],
  'link text': [`[${EVIL}](https://example.com)`, `[x${BREAKOUT}](https://example.com)`, `[\`${EVIL}\`](https://example.com)`],
  'link URL': [
    '[x](javascript:alert(1))', '[x](JaVaScRiPt:alert(1))', '[x]( javascript:alert(1))', '[x](java\tscript:alert(1))',
    '[x](&#106;avascript:alert(1))', '[x](<javascript:alert(1)>)', '[x](data:text/html;base64,PHNjcmlwdD4=)',
    '[x](vbscript:msgbox(1))', `[x](https://example.com${BREAKOUT})`, '[x](https://e.com "t\\" onclick=\\"alert(1)")',
    '[x](//evil.example/path)', `[x](https://example.com "${BREAKOUT}")`,
  ],
  'bare URL': ['javascript:alert(1)', '<javascript:alert(1)>', `http://example.com/${BREAKOUT}`, `"><script>@evil.com`, 'data:text/html,<b>'],
  'mention names': [`@**${EVIL}**`, `@**Mallory ${BREAKOUT}**`, `@_**${EVIL}**`, `@**${EVIL}|66**`, `@*${BREAKOUT}*`, `@_*team ${EVIL}*`],
  'channel and topic names': [`#**x" onmouseover="alert(1)**`, `#**${EVIL}**`, `#**Denmark>${EVIL}**`, `#**Denmark>${BREAKOUT}@1**`, `#**${EVIL}>${BREAKOUT}**`],
  'code language': [`\`\`\`py${BREAKOUT}\ncode\n\`\`\``, `\`\`\`${EVIL}\ncode\n\`\`\``, '```\nno language, so the default one\n```', `~~~ ${BREAKOUT}\nx\n~~~`],
  'code content': [`\`\`\`\n${EVIL}\n\`\`\``, `\`${EVIL}\``, `    ${EVIL}`],
  'emoji names': [`:${EVIL}:`, ':evil_emoji:', `:smile${BREAKOUT}:`, `:zulip:${EVIL}`],
  'spoilers and quotes': [`\`\`\`spoiler ${EVIL}\n${BREAKOUT}\n\`\`\``, `\`\`\`quote\n${EVIL}\n\`\`\``, `> ${BREAKOUT}`],
  'times and TeX': [`<time:${EVIL}>`, `<time:" onmouseover="x>`, `$$${EVIL}$$`, `\`\`\`math\n${EVIL}\n\`\`\``],
  entities: ['&lt;script&gt;', '&#60;script&#62;', '&#x3C;img src=x onerror=alert(1)&#x3E;', '&amp;lt;'],
  tables: [`| ${EVIL} | b |\n|---|---|\n| ${BREAKOUT} | [x](javascript:alert(1)) |`],
};

for (const [construct, inputs] of Object.entries(ATTEMPTS)) {
  test(`script injection through ${construct} stays inert`, () => {
    for (const input of inputs) {
      const { html } = render(input, hostile);
      assertSafe(html, input);
    }
  });
}

test('names with markup are escaped where they appear', () => {
  const { html } = render(`@**${EVIL}** #**${EVIL}**`, hostile);
  assert.ok(html.includes('data-user-id="66">@&lt;script&gt;alert(1)&lt;/script&gt;</span>'), html);
  assert.ok(html.includes('#&lt;script&gt;alert(1)&lt;/script&gt;</a>'), html);
});

test('a refused URL leaves the link as text', () => {
  assert.is(render('[x](javascript:alert(1))', hostile).html, '<p>[x](javascript:alert(1))</p>');
  assert.is(render('[x](data:text/html,hi)', hostile).html, '<p>[x](data:text/html,hi)</p>');
});

const PIECES = [
  '**', '*', '***', '_', '~~', '`', '```', '~~~', '\n', '\n\n', ' ', '  ', '    ', '>', '> ', '# ', '[', ']', '(', ')', '<', '>',
  '&', '&amp;', '"', "'", '@', '@_', ':', ':smile:', 'quote', 'spoiler', 'math', 'python', 'http://', 'example.com', 'javascript:',
  '$$', '|', '---', '- ', '* ', '1. ', '  2. ', '**King Hamlet**', '#**Denmark>', '**Denmark**', EVIL, BREAKOUT, '<time:', 'x',
  '\u0002', '\u0003', '\t', '\r\n', '🙂', '#️⃣', '\u200d',
];

test('random messages render to safe HTML without throwing', () => {
  const message = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((xs) => xs.join(''));
  fc.assert(
    fc.property(message, (input) => {
      assertSafe(render(input, hostile).html, input);
    }),
    { numRuns: 1500, seed: 424242 },
  );
});

test.run();
