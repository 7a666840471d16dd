// An embedded demo (web/runtime/embed-links.js, embed-height.js, docs/embeds.md): the embed page's address beside
// the lesson with its instance's keys, the <iframe> snippet, and the host's few lines that fit the frame to the
// heights its own frame sends, run here as a host page would run them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';

globalThis.window = { location: new URL('http://school.example/course/block/?stack.blocks=6&other.x=1'), addEventListener: () => {} };
const { embedUrl, iframeSnippet } = await import('../../web/runtime/embed-links.js');
const { MAX_HEIGHT_PX, MIN_HEIGHT_PX, HEIGHT_MESSAGE } = await import('../../web/runtime/embed-height.js');

test('embed links: the embed page sits beside the lesson and carries only its instance\'s keys', () => {
  assert.equal(embedUrl('stack'), 'http://school.example/course/block/embed-stack.html?stack.blocks=6');
  assert.equal(embedUrl('a b'), 'http://school.example/course/block/embed-a%20b.html');
  assert.equal(embedUrl('stack', '?stack.lock=blocks'), 'http://school.example/course/block/embed-stack.html?stack.lock=blocks');
});

test('embed links: the snippet\'s attributes cannot be broken out of by a title or an address', () => {
  const snippet = iframeSnippet('stack', 'Blocks "one" & <two>', '?stack.x="<1>"&y=2');
  const frame = snippet.slice(0, snippet.indexOf('</iframe>'));
  assert.match(frame, /title="Blocks &quot;one&quot; &amp; &lt;two>"/);
  assert.deepEqual([...frame.matchAll(/ ([\w-]+)="[^"]*"/g)].map((m) => m[1]), ['src', 'title', 'width', 'height', 'style', 'loading'],
    'no quote ended a value early');
});

/** The host's script from the snippet, run in a page of its own with `frame` before it; returns the message listener. */
function hostPage(frame) {
  const snippet = iframeSnippet('stack', 'Blocks');
  const script = snippet.slice(snippet.indexOf('<script>') + '<script>'.length, snippet.lastIndexOf('</script>'));
  let listener = null;
  vm.runInNewContext(script, {
    URL, location: new URL('https://host.example/page'), document: { currentScript: { previousElementSibling: frame } },
    addEventListener: (type, f) => { if (type === 'message') listener = f; }, Math, isFinite,
  });
  return listener;
}

test('embed height: the host fits its frame to the heights its frame sends, within bounds, and ignores any other sender', () => {
  const frame = { src: 'http://school.example/course/block/embed-stack.html', contentWindow: {}, style: {} };
  const listen = hostPage(frame);
  const send = (data, source = frame.contentWindow, origin = 'http://school.example') => listen({ data, source, origin });
  send({ type: HEIGHT_MESSAGE, height: 612.4 });
  assert.equal(frame.style.height, '612px');
  send({ type: HEIGHT_MESSAGE, height: 1e9 });
  assert.equal(frame.style.height, `${MAX_HEIGHT_PX}px`);
  send({ type: HEIGHT_MESSAGE, height: 3 });
  assert.equal(frame.style.height, `${MIN_HEIGHT_PX}px`);
  send({ type: HEIGHT_MESSAGE, height: 700 }, {});
  send({ type: HEIGHT_MESSAGE, height: 700 }, frame.contentWindow, 'https://evil.example');
  send({ type: 'other', height: 700 });
  send({ type: HEIGHT_MESSAGE, height: Infinity });
  send({ type: HEIGHT_MESSAGE, height: '700' });
  assert.equal(frame.style.height, `${MIN_HEIGHT_PX}px`, 'no other window, origin or shape moved the frame');
});
