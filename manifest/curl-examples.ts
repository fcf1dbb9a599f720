/**
 * The JSON bodies of the curl commands in a shell example, with the method
 * and path each is sent to, so the build can check them against the OpenAPI
 * document like the JSON examples that name their operation.
 */

/** One curl command that sends a JSON body. */
export interface CurlBody {
  method: string;
  /** The request path as written after the API's base, such as `/test-suites/ts_4kq9m2x7/runs`. */
  path: string;
  body: string;
  /** 0-based line of the body's first line in the example's text. */
  line: number;
}

/**
 * The path of the API address in a command: the first word that is an address
 * (`https://host/v1/...`) or starts with a shell variable holding one (`"$API/..."`),
 * without that base.
 */
function requestPath(command: string): string | undefined {
  const word = command
    .split(/\s+/)
    .map((w) => w.replace(/^["']|["']$/g, ''))
    .find((w) => /^(https?:\/\/|\$\{?[A-Za-z_]+\}?\/)/.test(w));
  if (!word) return undefined;
  const path = word.startsWith('http') ? word.replace(/^https?:\/\/[^/]+(\/v\d+)?/, '') : word.replace(/^\$\{?[A-Za-z_]+\}?/, '');
  return path.split('?')[0];
}

/** Every curl command of `text` with a single-quoted `-d`/`--data` body or a here-document body. */
export function curlBodies(text: string): CurlBody[] {
  const lines = text.split('\n');
  const out: CurlBody[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/\bcurl\b/.test(lines[i]!)) continue;
    // The command runs on while lines end with a backslash, and through a quoted body.
    let end = i;
    let command = lines[i]!;
    while (end + 1 < lines.length && (/\\\s*$/.test(lines[end]!) || (command.split("'").length - 1) % 2 === 1)) {
      end++;
      command += `\n${lines[end]!}`;
    }
    const path = requestPath(command);
    if (!path) continue;
    const method = /(?:-X|--request)\s+([A-Z]+)/.exec(command)?.[1];
    const quoted = /(?:-d|--data(?:-raw)?)\s+'([\s\S]*?)'/.exec(command);
    let body: string | undefined;
    let line = i;
    if (quoted) {
      body = quoted[1]!;
      line = i + command.slice(0, quoted.index).split('\n').length - 1;
    } else if (/(?:-d|--data)\s+@-\s*<<-?\s*'?(\w+)'?/.test(command)) {
      const tag = /<<-?\s*'?(\w+)'?/.exec(command)![1]!;
      const close = lines.findIndex((l, k) => k > end && l.trim() === tag);
      if (close < 0) continue;
      body = lines.slice(end + 1, close).join('\n');
      line = end + 1;
      i = close;
    }
    if (body === undefined || !body.trim().startsWith('{')) continue;
    out.push({ method: method ?? 'POST', path, body, line });
    if (i < end) i = end;
  }
  return out;
}
