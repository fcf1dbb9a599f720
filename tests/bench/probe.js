// Runs in every document of a bench tab before the site's own scripts
// (context.addInitScript). Plain JS, read from disk, so no transpiler helper
// can leak into it. It reports through the `__benchReport` binding, which
// survives the 404.html -> index.html redirect; times are epoch ms
// (performance.timeOrigin + performance.now()), comparable across documents.
(() => {
  if (window.top !== window) return;
  const send = (kind, data) => {
    try {
      window.__benchReport(Object.assign({ kind, url: location.href }, data));
    } catch (_e) {
      /* the binding is missing outside the bench */
    }
  };
  const abs = (t) => performance.timeOrigin + t;
  // After the next frame is produced: rAF runs before paint, a task posted from it runs after. The
  // task is posted at the scheduler's highest priority ("user-blocking"), so it runs as soon as the
  // frame is over: posted at normal priority (a message), it waited behind whatever the page had
  // queued meanwhile (timers, a further frame), and a trace of a cold page document showed the
  // article's frame committed about 100 ms before that reading. A message where there is no
  // scheduler.postTask.
  const postTask = globalThis.scheduler && typeof globalThis.scheduler.postTask === 'function' ? (fn) => globalThis.scheduler.postTask(fn, { priority: 'user-blocking' }) : null;
  const afterPaint = (fn) =>
    requestAnimationFrame(() => {
      const read = () => fn(abs(performance.now()));
      if (postTask) return void postTask(read);
      const c = new MessageChannel();
      c.port1.onmessage = read;
      c.port2.postMessage(null);
    });

  send('doc', { origin: performance.timeOrigin });
  // The whole document parsed, and the frame after: everything it holds is laid out and painted.
  // The article's last part painted: the frame that painted the parser's last insertion into the
  // element around the h1 (its article, else its main). A document whose article comes before other
  // parts (a sidebar after it) shows the whole article before it is parsed to the end. Parser
  // insertions only: what scripts change after the document is parsed is not the document's text.
  //
  // Read with the clock the h1 is read with: the elements of each batch the parser inserts into the
  // article are marked for Element Timing, and the batch was painted when the browser says its
  // elements were. A task posted after the frame (afterPaint) stands in when none of them was
  // painted (all below the window, in sections not laid out yet); as the only reading it came late
  // whenever the parser went on with the rest of the document (a sidebar) in the task after that
  // frame: the frame had shown the whole article, the reading waited for the parser's next task.
  const ARTICLE_ID = 'bench-art-';
  /** Most elements marked per batch: enough for any article, bounded for a runaway page. */
  const MARK_MAX = 5000;
  let articleSerial = 0;
  const articleBatches = new Map();
  let lastArticleBatch = null;
  /** How long to wait, after the frame reading, for the batch's Element Timing entries. */
  const ENTRIES_WAIT_MS = 1000;
  // The article the parser filled, and when a script first changed it after the parse (epoch ms).
  // Element Timing reports an element again when a script moves it (the app adopting a page
  // document's body), and reports a section's content first when a script lays out a section the
  // browser had skipped below the window (content-visibility: auto, settled in idle time): paints
  // after that change are the script's, not the document's, and are not read as the article's.
  let parsedArticle = null;
  let articleChangedAt = null;
  /** The element around the h1 whose parsed content is the article: its article, else its main. */
  const articleOf = (h1) => (h1 ? h1.closest('article') || h1.closest('main') : null);
  document.addEventListener('DOMContentLoaded', () => {
    parsedArticle = articleOf(document.querySelector('main h1'));
    const batch = lastArticleBatch;
    lastArticleBatch = undefined;
    afterPaint((t) => {
      send('parsed', { painted: t });
      if (!batch) return;
      const sendArticle = () =>
        setTimeout(() => send('article', { painted: batch.shown !== null ? batch.shown : batch.painted, source: batch.shown !== null ? 'element-timing' : 'frame' }), ENTRIES_WAIT_MS);
      if (batch.painted !== null) sendArticle();
      else batch.done = sendArticle;
    });
  });
  const noteArticle = (records, h1) => {
    if (lastArticleBatch === undefined) return;
    const article = articleOf(h1);
    if (!article) return;
    // One pass over the batch: marks what the parser added to the article, and tells whether it added any.
    const id = ARTICLE_ID + (articleSerial + 1);
    let added = false;
    let marked = 0;
    for (const r of records) {
      if (r.type !== 'childList' || r.addedNodes.length === 0 || !article.contains(r.target)) continue;
      added = true;
      for (const n of r.addedNodes) {
        if (n.nodeType !== 1 || n.hasAttribute('elementtiming') || marked >= MARK_MAX) continue;
        n.setAttribute('elementtiming', id);
        marked++;
      }
    }
    if (!added) return;
    articleSerial++;
    const batch = { id, painted: null, shown: null, done: null };
    articleBatches.set(id, batch);
    lastArticleBatch = batch;
    afterPaint((t) => {
      batch.painted = t;
      if (batch.done) batch.done();
    });
  };

  // The page's h1: each time a new one (element or text) is rendered and visible, report when it
  // was painted. The paint time is the browser's own (Element Timing: the attribute is set before
  // the element's first paint); when no entry comes (an element re-used with new text), the end of
  // the next frame stands in.
  const H1_ID = 'bench-h1';
  const pending = new Map();
  const byId = new Map();
  let serial = 0;
  let lastEl = null;
  let lastText = '';
  let lastPath = '';
  const report = (h, rec, painted, source) => {
    if (rec.sent) return;
    rec.sent = true;
    pending.delete(h);
    send('h1', { text: rec.text, seen: rec.seen, path: rec.path, painted, frame: rec.frame, source });
  };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        // By identifier, not element: a page document's h1 may be replaced by the app's (the takeover)
        // before its entry is delivered, and a detached element is reported as null.
        const batch = articleBatches.get(e.identifier);
        if (batch) {
          const t = abs(e.renderTime || e.loadTime);
          if (articleChangedAt !== null && t >= articleChangedAt) continue;
          if (batch.shown === null || t > batch.shown) batch.shown = t;
          continue;
        }
        const rec = byId.get(e.identifier);
        if (rec) report(rec.el, rec, abs(e.renderTime || e.loadTime), 'element-timing');
      }
    }).observe({ type: 'element', buffered: true });
  } catch (_e) {
    /* no Element Timing: frames only */
  }
  const checkH1 = (h) => {
    if (!h) return;
    const text = (h.textContent || '').replace(/\s+/g, ' ').trim();
    if (!text || (h === lastEl && text === lastText)) return;
    // The same title drawn again in place (the app taking over a page document): still the first paint.
    if (text === lastText && lastEl && lastPath === location.pathname) {
      lastEl = h;
      return;
    }
    if (h.checkVisibility && !h.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return;
    lastEl = h;
    lastText = text;
    lastPath = location.pathname;
    const id = `${H1_ID}-${++serial}`;
    const rec = { text, seen: abs(performance.now()), path: location.pathname, frame: null, sent: false, el: h };
    pending.set(h, rec);
    byId.set(id, rec);
    h.setAttribute('elementtiming', id);
    afterPaint((t) => {
      rec.frame = t;
      setTimeout(() => report(h, rec, t, 'frame'), 1000);
    });
  };

  // Search UI state, read by polling (window.__benchSearch): the first option, the last painted
  // change, and whether the UI says it is still working (aria-busy="true" inside it).
  const search = { firstOption: null, lastChange: null, options: 0, changes: 0, busy: false };
  window.__benchSearch = search;
  // Whether a node is inside the search UI, remembered per element along the walk up: a selector
  // match per record (closest) cost the page tens of milliseconds while the parser inserts a long
  // article, most on a page without a search box, where no record ends the scan early, and so
  // skewed the bare baseline; a lookup of the roots per batch scanned the whole document at every
  // keystroke. Each element is now walked once.
  const searchRoles = new Set(['search', 'listbox', 'dialog']);
  const known = new WeakMap();
  const inSearch = (node) => {
    const walked = [];
    let el = node.nodeType === 1 ? node : node.parentElement;
    let found = false;
    while (el) {
      const k = known.get(el);
      if (k !== undefined) {
        found = k;
        break;
      }
      walked.push(el);
      if (searchRoles.has(el.getAttribute('role')) || el.getAttribute('data-testid') === 'search-popup') {
        found = true;
        break;
      }
      el = el.parentElement;
    }
    for (const w of walked) known.set(w, found);
    return found;
  };

  /** Notes the first change a script makes inside the parsed article (the probe's own marks aside). */
  const noteArticleChange = (records) => {
    if (articleChangedAt !== null || !parsedArticle) return;
    for (const r of records) {
      if (r.type === 'attributes' && r.attributeName === 'elementtiming') continue;
      if (parsedArticle.contains(r.target)) {
        articleChangedAt = abs(performance.now());
        return;
      }
    }
  };

  const observer = new MutationObserver((records) => {
    noteArticleChange(records);
    // One lookup of the h1 per batch, shared: this runs for every batch the parser inserts.
    const h1 = document.querySelector('main h1');
    checkH1(h1);
    noteArticle(records, h1);
    if (records.some((r) => inSearch(r.target))) {
      search.changes++;
      search.options = document.querySelectorAll('[role=option]').length;
      search.busy = [...document.querySelectorAll('[aria-busy=true]')].some(inSearch);
      if (search.options > 0 && search.firstOption === null) search.firstOption = abs(performance.now());
      afterPaint((t) => (search.lastChange = t));
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });

  addEventListener('click', (e) => {
    const a = e.target && e.target.closest ? e.target.closest('a') : null;
    send('click', { t: abs(e.timeStamp), href: a ? a.href : null });
  }, true);
  addEventListener('keydown', (e) => send('key', { key: e.key, t: abs(e.timeStamp) }), true);
})();
