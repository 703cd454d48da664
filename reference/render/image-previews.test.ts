// Previews of uploaded images, against the HTML of zerver/tests/test_markdown_thumbnail.py
// (with the thumbnail `src` replaced by the original, as image-previews.ts documents) and the
// placement rules of InlineInterestingLinkProcessor (zerver/tests/test_markdown.py).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render, type RenderContext, type RenderImage } from './index.ts';

const IMAGES: Record<string, RenderImage> = {
  '2/aa/x1/img.jpg': { dimensions: '128x128', content_type: 'image/jpeg' },
  '2/bb/x2/img.png': { dimensions: '128x128', content_type: 'image/png' },
  '2/cc/x3/img.gif': { dimensions: '128x56', content_type: 'image/gif' },
};

function ctx(previews = true): RenderContext {
  return {
    realmUrl: 'http://zulip.testserver',
    userByName: () => undefined,
    userById: () => undefined,
    groupByName: () => undefined,
    channelByName: () => undefined,
    ...(previews ? { uploadedImage: (pathId: string) => IMAGES[pathId] } : {}),
  };
}

const html = (content: string, previews = true) => render(content, ctx(previews)).html;
const preview = (path: string, title?: string) => {
  const i = IMAGES[path] as RenderImage;
  const t = title === undefined ? '' : ` title="${title}"`;
  return (
    `<div class="message_inline_image"><a href="/user_uploads/${path}"${t}><img data-original-content-type="${i.content_type}"` +
    ` data-original-dimensions="${i.dimensions}" src="/user_uploads/${path}"></a></div>`
  );
};

test('test_uploads_preview_order: each preview follows its paragraph', () => {
  const content =
    'Test 1\n[img.jpg](/user_uploads/2/aa/x1/img.jpg) \n\nNext image\n[img.png](/user_uploads/2/bb/x2/img.png) \n\n' +
    'Another screenshot\n[img.gif](/user_uploads/2/cc/x3/img.gif)';
  assert.is(
    html(content),
    '<p>Test 1<br>\n<a href="/user_uploads/2/aa/x1/img.jpg">img.jpg</a> </p>\n' + preview('2/aa/x1/img.jpg', 'img.jpg') +
      '<p>Next image<br>\n<a href="/user_uploads/2/bb/x2/img.png">img.png</a> </p>\n' + preview('2/bb/x2/img.png', 'img.png') +
      '<p>Another screenshot<br>\n<a href="/user_uploads/2/cc/x3/img.gif">img.gif</a></p>\n' + preview('2/cc/x3/img.gif', 'img.gif'),
  );
});

test('two images in one paragraph: previews in link order after it', () => {
  assert.is(
    html('[first image](/user_uploads/2/bb/x2/img.png)\n[second image](/user_uploads/2/aa/x1/img.jpg)\n\nafter'),
    '<p><a href="/user_uploads/2/bb/x2/img.png">first image</a><br>\n<a href="/user_uploads/2/aa/x1/img.jpg">second image</a></p>\n' +
      preview('2/bb/x2/img.png', 'first image') + preview('2/aa/x1/img.jpg', 'second image') + '<p>after</p>',
  );
});

test('the title is the link text, escaped; a repeated URL is previewed once', () => {
  assert.is(
    html('[I am 95% ± 5% "certain"!](/user_uploads/2/bb/x2/img.png) and [again](/user_uploads/2/bb/x2/img.png)'),
    '<p><a href="/user_uploads/2/bb/x2/img.png">I am 95% ± 5% "certain"!</a> and <a href="/user_uploads/2/bb/x2/img.png">again</a></p>\n' +
      preview('2/bb/x2/img.png', 'I am 95% ± 5% &quot;certain&quot;!'),
  );
});

test('own-site image links by extension (an upload by its full URL too); external ones not', () => {
  // rewrite_local_links_to_relative makes it `user_uploads/…`: the extension check applies.
  const full = 'http://zulip.testserver/user_uploads/2/bb/x2/img.png';
  assert.is(
    html(full),
    `<p><a href="user_uploads/2/bb/x2/img.png">${full}</a></p>\n` +
      `<div class="message_inline_image"><a href="user_uploads/2/bb/x2/img.png" title="${full}"><img src="user_uploads/2/bb/x2/img.png"></a></div>`,
  );
  // test_realm_image_preview_skip_camo; a bare URL alone in its paragraph gives way to the preview.
  assert.is(
    html('http://zulip.testserver/thing.jpeg'),
    '<div class="message_inline_image"><a href="http://zulip.testserver/thing.jpeg"><img src="http://zulip.testserver/thing.jpeg"></a></div>',
  );
  assert.is(html('https://example.com/thing.jpeg'), '<p><a href="https://example.com/thing.jpeg">https://example.com/thing.jpeg</a></p>');
  assert.is(html('[v](/static/v.mp4)'), '<p><a href="/static/v.mp4">v</a></p>');
});

test('a bare link alone in its paragraph is replaced by the preview', () => {
  assert.is(html('[](/user_uploads/2/bb/x2/img.png)\n\ntext'), preview('2/bb/x2/img.png') + '<p>text</p>');
});

test('a tight list item gets the preview at its end; a block quote none', () => {
  assert.is(
    html('* [img.png](/user_uploads/2/bb/x2/img.png)\n* [](/user_uploads/2/aa/x1/img.jpg)'),
    '<ul>\n<li><a href="/user_uploads/2/bb/x2/img.png">img.png</a>' + preview('2/bb/x2/img.png', 'img.png') + '</li>\n' +
      '<li>' + preview('2/aa/x1/img.jpg') + '</li>\n</ul>',
  );
  assert.is(
    html('> [img.png](/user_uploads/2/bb/x2/img.png)'),
    '<blockquote>\n<p><a href="/user_uploads/2/bb/x2/img.png">img.png</a></p>\n</blockquote>',
  );
  // Linked outside the quote too: the first link breadth-first gets it, here the quoted one.
  assert.is(
    html('> [a](/user_uploads/2/bb/x2/img.png)\n\n* [b](/user_uploads/2/bb/x2/img.png)'),
    '<blockquote>\n<p><a href="/user_uploads/2/bb/x2/img.png">a</a></p>\n' + preview('2/bb/x2/img.png', 'a') + '</blockquote>\n' +
      '<ul>\n<li><a href="/user_uploads/2/bb/x2/img.png">b</a></li>\n</ul>',
  );
});

test('a link inside emphasis or a heading: the preview goes at the end of the message', () => {
  assert.is(
    html('*[img.png](/user_uploads/2/bb/x2/img.png)*\n\nlast'),
    '<p><em><a href="/user_uploads/2/bb/x2/img.png">img.png</a></em></p>\n<p>last</p>\n' + preview('2/bb/x2/img.png', 'img.png'),
  );
});

test('no preview: unknown upload, non-image, code, previews off, or more than 24 links', () => {
  assert.is(html('[a.png](/user_uploads/2/zz/none/a.png)'), '<p><a href="/user_uploads/2/zz/none/a.png">a.png</a></p>');
  assert.is(html('`/user_uploads/2/bb/x2/img.png`'), '<p><code>/user_uploads/2/bb/x2/img.png</code></p>');
  assert.is(html('[img.png](/user_uploads/2/bb/x2/img.png)', false), '<p><a href="/user_uploads/2/bb/x2/img.png">img.png</a></p>');
  const many = Array.from({ length: 24 }, (_, i) => `https://example.com/${i}`).join(' ');
  assert.ok(html(`${many} [x](/user_uploads/2/bb/x2/img.png)`).includes('message_inline_image') === false);
  const fewer = Array.from({ length: 23 }, (_, i) => `https://example.com/${i}`).join(' ');
  assert.ok(html(`${fewer} [x](/user_uploads/2/bb/x2/img.png)`).includes('message_inline_image'));
});

test('attributes a lower feature level does not have are left out', () => {
  const old: RenderContext = { ...ctx(), uploadedImage: () => ({ dimensions: null, content_type: null }) };
  assert.is(
    render('[img.png](/user_uploads/2/bb/x2/img.png)', old).html,
    '<p><a href="/user_uploads/2/bb/x2/img.png">img.png</a></p>\n' +
      '<div class="message_inline_image"><a href="/user_uploads/2/bb/x2/img.png" title="img.png"><img src="/user_uploads/2/bb/x2/img.png"></a></div>',
  );
});

test.run();
