/** Hostile and allowed content, shared by the tests of the app's render and of the page documents' static HTML. */

/** Each attack, one HTML block apart so the Markdown parser hands every one to the raw-HTML pipeline. */
export const ATTACKS = [
  '<script>window.__pwned = "script"</script>',
  '<img src="x" onerror="window.__pwned = \'onerror\'" alt="onerror image">',
  '<div onclick="window.__pwned = \'onclick\'" onmouseover="window.__pwned = 1">hover me</div>',
  '<a href="javascript:window.__pwned = \'href\'">js link</a>',
  '<a href="  JaVaScRiPt:window.__pwned=1">js link with spaces</a>',
  '<a href="java&#x09;script:window.__pwned=1">js link with entity</a>',
  '<a href="vbscript:msgbox(1)">vbscript link</a>',
  '<a href="data:text/html,&lt;script&gt;window.__pwned=1&lt;/script&gt;">data link</a>',
  '<img src="data:image/svg+xml,&lt;svg onload=\'window.__pwned=1\'/&gt;" alt="data image">',
  '<iframe src="https://evil.example/" srcdoc="&lt;script&gt;parent.__pwned=1&lt;/script&gt;"></iframe>',
  '<div style="position:fixed;inset:0;z-index:9999;background:white">style overlay</div>',
  '<div class="fixed inset-0 z-50 bg-white">class overlay</div>',
  '<form action="https://evil.example/" method="post"><input name="password" type="password"><button formaction="javascript:window.__pwned=1">Sign in</button></form>',
  '<svg><script>window.__pwned = "svg"</script><a href="javascript:window.__pwned=1"><text>svg</text></a></svg>',
  '<math><mtext><a href="javascript:window.__pwned=1">math</a></mtext></math>',
  '<object data="https://evil.example/x.swf"></object>',
  '<embed src="https://evil.example/x.swf">',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<style>body { display: none }</style>',
  '<noscript><p title="</noscript><img src=x onerror=window.__pwned=1>">x</p></noscript>',
  '<template><img src=x onerror="window.__pwned=1"></template>',
  '<video src="https://evil.example/v.mp4" autoplay></video><audio src="https://evil.example/a.mp3" autoplay></audio>',
  '<details open ontoggle="window.__pwned = \'ontoggle\'"><summary>toggle</summary>x</details>',
  // DOM clobbering: names and ids that would shadow document and window properties the app reads.
  '<img name="querySelector" src="/images/flow.svg" alt="clobber name"><a id="gtag" href="/guides/">clobber id</a>',
];

export const MARKDOWN_ATTACKS = [
  '[md js link](javascript:window.__pwned=1)',
  '[md js link upper](JAVASCRIPT:window.__pwned=1)',
  '[md data link](data:text/html,x)',
  '![md data image](data:image/png;base64,AAAA)',
  '<javascript:window.__pwned=1>',
];

/** What must survive the sanitizer. */
export const ALLOWED = [
  '| Column A | Column B |\n|---|---|\n| cell-1 | cell-2 |',
  '<table><thead><tr><th>Raw head</th></tr></thead><tbody><tr><td>raw-cell</td></tr></tbody></table>',
  '<details><summary>More about it</summary>\n\nHidden detail text\n\n</details>',
  'Press <kbd>Ctrl</kbd> + <kbd>C</kbd>.',
  '![A call flow from dial to answer](/images/flow.svg)',
  '<img src="/images/flow.svg" width="400" height="200" alt="raw sized image">',
  '<img src="/images/other.svg" width="120" height="60" alt="raw image of its own size">',
  '> [!TIP] Tip title\n> Tip text',
  '> [!DETAILS] Details title\n> Details text',
  '[Safe page link](/guides/) and [safe external link](https://example.com/docs) and [mail](mailto:qa@example.com)',
  // On lines of its own, as the compiler requires: written on one line, Markdown reads it inside a paragraph.
  '<jquery-sandbox>\n</jquery-sandbox>',
];
