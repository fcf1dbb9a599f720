/**
 * Makes the reader's code stoppable where the browser cannot stop it: in a
 * browser that runs a sandboxed frame in the page's own process, an endless
 * loop in the frame would freeze the page too, before the page's timeout
 * could replace the frame. So every loop body starts with a call to a guard,
 * which throws once the run's time is up.
 */
import { parse, type Node } from 'acorn';

const LOOPS = new Set(['WhileStatement', 'DoWhileStatement', 'ForStatement', 'ForInStatement', 'ForOfStatement']);

interface Guarded {
  /** A function body: `return (code);` for an expression, the code itself for statements. */
  body: string;
}

type Parsed = { ok: true; program: Node; source: string; expression: boolean } | { ok: false; message: string };

function parseCode(code: string): Parsed {
  // As an expression first, so its value can be returned.
  const wrapped = `(${code}\n)`;
  try {
    const program = parse(wrapped, { ecmaVersion: 'latest', sourceType: 'script' }) as Node & { body: Node[] };
    if (program.body.length === 1 && program.body[0]?.type === 'ExpressionStatement') return { ok: true, program, source: wrapped, expression: true };
  } catch {
    // Not one expression: try statements.
  }
  try {
    return { ok: true, program: parse(code, { ecmaVersion: 'latest', sourceType: 'script', allowReturnOutsideFunction: true }), source: code, expression: false };
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}

/** Every loop statement in the tree, found by walking each child node. */
function loops(node: Node, out: Array<Node & { body: Node }>): void {
  if (LOOPS.has(node.type)) out.push(node as Node & { body: Node });
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) {
      if (child && typeof child === 'object' && typeof (child as Node).type === 'string') loops(child as Node, out);
    }
  }
}

/**
 * The code with `guard()` called first in every loop body, as a function body.
 * Throws a SyntaxError (with the parser's message) when the code does not parse.
 */
export function guardLoops(code: string, guard: string): Guarded {
  const parsed = parseCode(code);
  if (!parsed.ok) throw new SyntaxError(parsed.message);
  const inserts: Array<[number, string]> = [];
  const found: Array<Node & { body: Node }> = [];
  loops(parsed.program, found);
  for (const loop of found) {
    if (loop.body.type === 'BlockStatement') inserts.push([loop.body.start + 1, `${guard}();`]);
    else inserts.push([loop.body.start, `{${guard}();`], [loop.body.end, '}']);
  }
  let out = parsed.source;
  for (const [at, text] of inserts.sort((a, b) => b[0] - a[0])) out = out.slice(0, at) + text + out.slice(at);
  return { body: parsed.expression ? `return ${out};` : out };
}
