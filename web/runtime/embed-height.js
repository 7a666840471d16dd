// An embed page (site/<slug>/embed-<instance>.html) inside another site's <iframe> tells that page how
// tall it is, so the frame can fit the demo instead of scrolling inside a fixed height; the few lines the
// host needs to listen come with the "Embed" button's snippet (hostListener). Without them, or where the
// host's policy blocks them, the frame keeps the snippet's fixed height. Message and checks: docs/embeds.md.

/** The one message an embed page sends: {type: HEIGHT_MESSAGE, height: <whole CSS pixels>}. */
export const HEIGHT_MESSAGE = 'attn-embed-height';
// The host fits the frame within these, whatever a message says (a demo's page is 300 to 3,000 px tall).
export const MIN_HEIGHT_PX = 150;
export const MAX_HEIGHT_PX = 8000;

/** The page's content height in CSS pixels, whatever the frame's own height (the body is not stretched to it). */
function contentHeight() {
  const body = document.body;
  const { marginBottom } = getComputedStyle(body);
  return Math.ceil(body.getBoundingClientRect().bottom + window.scrollY + parseFloat(marginBottom || '0'));
}

/**
 * On an embed page shown in a frame: sends the content's height to the host now and after every change
 * of size (a control that adds rows, an opened <details>, a narrower frame). The height is no secret, and
 * the host may be any site, so it goes to any origin ('*'); the host checks who sent it.
 */
export function reportHeight() {
  if (window.parent === window || typeof ResizeObserver !== 'function') return;
  let sent = 0;
  const send = () => {
    const height = contentHeight();
    if (height === sent) return;
    sent = height;
    window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
  };
  new ResizeObserver(send).observe(document.body);
  send();
}

/**
 * The host's side, as the snippet carries it: fits the <iframe> just before this <script> to the heights
 * that frame sends, and to nothing else: the message must come from that frame's window and origin, have
 * the documented shape, and the height is kept between MIN_HEIGHT_PX and MAX_HEIGHT_PX. It runs in the host's
 * page, so it reads the host's location, not its keys (this page's address is address.js's).
 */
export const hostListener = () => `<script>
(function (frame) { // fits the frame above to its demo's height (docs/embeds.md)
  var origin = new URL(frame.src, location.href).origin;
  addEventListener('message', function (event) {
    var data = event.data;
    if (event.source !== frame.contentWindow || event.origin !== origin || !data || data.type !== '${HEIGHT_MESSAGE}'
      || typeof data.height !== 'number' || !isFinite(data.height)) return;
    frame.style.height = Math.min(Math.max(Math.round(data.height), ${MIN_HEIGHT_PX}), ${MAX_HEIGHT_PX}) + 'px';
  });
})(document.currentScript.previousElementSibling);
</script>`;
