// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  describeElement,
  parseJqueryExpression,
  runJqueryExpression,
  type ParsedExpression,
} from '../../../src/lib/jquery-expression.ts';

function parseOk(input: string): ParsedExpression {
  const r = parseJqueryExpression(input);
  if (!r.ok) throw new Error(`expected "${input}" to parse, got: ${r.error}`);
  return r.expr;
}

function parseError(input: string): string {
  const r = parseJqueryExpression(input);
  if (r.ok) throw new Error(`expected "${input}" to be rejected`);
  return r.error;
}

describe('parseJqueryExpression: accepted forms', () => {
  it('parses $() with a single-quoted selector', () => {
    expect(parseOk(`$('.quick-reply')`)).toEqual({
      source: `$('.quick-reply')`,
      callee: '$',
      selector: '.quick-reply',
      steps: [],
      action: null,
    });
  });

  it('parses jQuery() with a double-quoted selector', () => {
    const e = parseOk(`jQuery("#chat-input")`);
    expect(e.callee).toBe('jQuery');
    expect(e.selector).toBe('#chat-input');
  });

  it('resolves escaped quotes inside the selector', () => {
    expect(parseOk(`$('button[title=\\'Pickup\\']')`).selector).toBe(`button[title='Pickup']`);
    expect(parseOk(`$("button[title=\\"Pickup\\"]")`).selector).toBe(`button[title="Pickup"]`);
    expect(parseOk(`$('button[title="Pickup"]')`).selector).toBe(`button[title="Pickup"]`);
    expect(parseOk(`$('#a\\\\:b')`).selector).toBe('#a\\:b');
  });

  it('parses every traversal method', () => {
    const e = parseOk(
      `$('.chat-widget').find('button').filter('.quick-reply').closest('div').parent().first().last().eq(-1)`,
    );
    expect(e.steps).toEqual([
      { kind: 'find', selector: 'button' },
      { kind: 'filter', selector: '.quick-reply' },
      { kind: 'closest', selector: 'div' },
      { kind: 'parent' },
      { kind: 'first' },
      { kind: 'last' },
      { kind: 'eq', index: -1 },
    ]);
  });

  it.each([
    [`$('a').click()`, { kind: 'click' }],
    [`$('a').text()`, { kind: 'text', value: null }],
    [`$('a').text('Hello')`, { kind: 'text', value: 'Hello' }],
    [`$('input').val()`, { kind: 'val', value: null }],
    [`$('input').val("Show me the menu")`, { kind: 'val', value: 'Show me the menu' }],
    [`$('a').attr('title')`, { kind: 'attr', name: 'title' }],
    [`$('a').trigger('click')`, { kind: 'trigger', event: 'click' }],
    [`$('input').focus()`, { kind: 'focus' }],
    [`$('a').length`, { kind: 'length' }],
  ])('parses the action in %s', (input, action) => {
    expect(parseOk(input).action).toEqual(action);
  });

  it('allows whitespace, line breaks and one trailing semicolon', () => {
    const e = parseOk(`  $( 'button' )\n  .eq( 1 )\n  .click() ;  `);
    expect(e.steps).toEqual([{ kind: 'eq', index: 1 }]);
    expect(e.action).toEqual({ kind: 'click' });
    expect(e.source).toBe(`$( 'button' )\n  .eq( 1 )\n  .click() ;`);
  });

  it('accepts colons inside attribute values', () => {
    expect(parseOk(`$('[title=":first"]')`).selector).toBe('[title=":first"]');
    expect(parseOk(`$('li:first-child').length`).selector).toBe('li:first-child');
  });
});

describe('parseJqueryExpression: rejected input', () => {
  it('rejects code that is not a jQuery call', () => {
    expect(parseError('alert(1)')).toMatch(/start with \$\( or jQuery\(/);
    expect(parseError('document.cookie')).toMatch(/start with \$\( or jQuery\(/);
    expect(parseError('')).toMatch(/Type an expression/);
  });

  it('rejects unsupported methods by name', () => {
    expect(parseError(`$('a').html('<b>')`)).toMatch(/^Unsupported method \.html\(\)/);
    expect(parseError(`$('a').each(function () {})`)).toMatch(/^Unsupported method \.each\(\)/);
    expect(parseError(`$('a').constructor('x')`)).toMatch(/^Unsupported method \.constructor\(\)/);
  });

  it('rejects a selector that is not a string literal', () => {
    expect(parseError('$(document.body)')).toMatch(/Expected a quoted selector/);
    expect(parseError('$(window)')).toMatch(/Expected a quoted selector/);
    expect(parseError('$()')).toMatch(/Expected a quoted selector/);
    expect(parseError(`$('a' + 'b')`)).toMatch(/Expected "\)" after the selector/);
  });

  it('rejects template literals', () => {
    expect(parseError('$(`button`)')).toMatch(/Template literals are not supported/);
    expect(parseError("$('a').text(`x`)")).toMatch(/Template literals are not supported/);
  });

  it('rejects a second statement', () => {
    expect(parseError(`$('a');alert(1)`)).toMatch(/Only one expression is allowed/);
    expect(parseError(`$('a').click(), alert(1)`)).toMatch(/Unexpected/);
  });

  it('rejects methods after the final action', () => {
    expect(parseError(`$('a').click().text()`)).toBe('.click() must be the last part of the expression.');
    expect(parseError(`$('a').length.toString()`)).toBe('.length must be the last part of the expression.');
  });

  it('rejects wrong arguments', () => {
    expect(parseError(`$('a').first(1)`)).toBe('.first() takes no arguments.');
    expect(parseError(`$('a').eq('1')`)).toMatch(/Expected a whole number/);
    expect(parseError(`$('a').find()`)).toMatch(/needs a selector/);
    expect(parseError(`$('a').attr('title', 'x')`)).toMatch(/can only read an attribute/);
    expect(parseError(`$('a').text('a', 'b')`)).toMatch(/at most one argument/);
    expect(parseError(`$('a').length()`)).toMatch(/length is a property/);
    expect(parseError(`$('a', document)`)).toMatch(/context argument/);
  });

  it('rejects unterminated strings and empty selectors', () => {
    expect(parseError(`$('a)`)).toMatch(/Unterminated string/);
    expect(parseError(`$('')`)).toBe('The selector is empty.');
  });

  it('rejects jQuery-only pseudo-classes with a hint', () => {
    expect(parseError(`$('li:first')`)).toMatch(/Use the \.first\(\) method/);
    expect(parseError(`$('div').find('p:visible')`)).toMatch(/:visible/);
  });

  it('accepts :contains() only at the end of a selector', () => {
    expect(parseOk(`$(".quick-reply:contains('Talk to a person')").click()`).selector).toBe(
      ".quick-reply:contains('Talk to a person')",
    );
    expect(parseOk(`$('button').filter(':contains(Pickup)')`).steps).toEqual([
      { kind: 'filter', selector: ':contains(Pickup)' },
    ]);
    expect(parseError(`$('p:contains("a") span')`)).toMatch(/only at the end of a selector/);
    expect(parseError(`$('p, li:contains("a")')`)).toMatch(/selector list/);
    expect(parseError(`$('p:contains("a"')`)).toMatch(/missing its closing/);
  });
});

describe('runJqueryExpression', () => {
  let root: HTMLElement;
  let clicks: string[];

  beforeEach(() => {
    document.body.innerHTML = `
      <section class="chat-widget" id="widget">
        <div class="chat-messages">
          <p class="bot-message">Hi! Pickup or delivery?</p>
          <p class="user-message">Pickup</p>
          <p class="bot-message">Pickup it is.</p>
        </div>
        <div class="quick-replies">
          <button type="button" class="quick-reply" title="Pickup">Pickup</button>
          <button type="button" class="quick-reply" title="Delivery">Delivery</button>
        </div>
        <input id="chat-input" class="chat-input" value="hello">
      </section>
      <p class="bot-message">outside the widget</p>`;
    root = document.getElementById('widget') as HTMLElement;
    clicks = [];
    root.addEventListener('click', (e) => {
      clicks.push((e.target as Element).getAttribute('title') ?? '?');
    });
  });

  const run = (input: string, on: ParentNode = root) => runJqueryExpression(parseOk(input), on);

  it('click() dispatches a real, bubbling click on each match', () => {
    const r = run(`$('button[title="Pickup"]').click()`);
    expect(clicks).toEqual(['Pickup']);
    expect(r.matched).toHaveLength(1);
    expect(r.effects).toEqual(['click on button.quick-reply[title="Pickup"]']);

    run(`$('.quick-reply').click()`);
    expect(clicks).toEqual(['Pickup', 'Pickup', 'Delivery']);
  });

  it('trigger("click") clicks like click()', () => {
    run(`$('.quick-reply').last().trigger('click')`);
    expect(clicks).toEqual(['Delivery']);
  });

  it('reads text, values, attributes and length', () => {
    expect(run(`$('.bot-message').last().text()`).result).toBe('"Pickup it is."');
    expect(run(`$('.chat-input').val()`).result).toBe('"hello"');
    expect(run(`$('.quick-reply').eq(1).attr('title')`).result).toBe('"Delivery"');
    expect(run(`$('.quick-reply').attr('data-missing')`).result).toBe('undefined');
    expect(run(`$('.quick-reply').length`).result).toBe('2');
    expect(run(`$('.nothing').val()`).result).toBe('undefined');
  });

  it('sets text and values', () => {
    const v = run(`$('#chat-input').val('Show me the menu')`);
    expect((root.querySelector('#chat-input') as HTMLInputElement).value).toBe('Show me the menu');
    expect(v.effects).toEqual(['set the value of input#chat-input.chat-input to "Show me the menu"']);
    run(`$('.user-message').text('Delivery')`);
    expect(root.querySelector('.user-message')?.textContent).toBe('Delivery');
  });

  it('focus() moves the focus', () => {
    run(`$('#chat-input').focus()`);
    expect(document.activeElement?.id).toBe('chat-input');
  });

  it('traverses with find, filter, closest, parent, first, last and eq', () => {
    const titles = (input: string) => run(input).matched.map((el) => describeElement(el));
    expect(titles(`$('.quick-replies').find('button')`)).toEqual([
      'button.quick-reply[title="Pickup"]',
      'button.quick-reply[title="Delivery"]',
    ]);
    expect(titles(`$('button').filter('[title="Delivery"]')`)).toEqual(['button.quick-reply[title="Delivery"]']);
    expect(titles(`$('.quick-reply').closest('.quick-replies')`)).toEqual(['div.quick-replies']);
    expect(titles(`$('.quick-reply').parent()`)).toEqual(['div.quick-replies']);
    expect(titles(`$('.bot-message').first()`)).toEqual(['p.bot-message']);
    expect(run(`$('.quick-reply').eq(-1)`).matched[0]?.getAttribute('title')).toBe('Delivery');
    expect(run(`$('.quick-reply').eq(5)`).matched).toEqual([]);
  });

  it('stays inside the root', () => {
    expect(run(`$('.bot-message')`).matched).toHaveLength(2);
    expect(run(`$('.bot-message')`, document).matched).toHaveLength(3);
    expect(run(`$('.chat-widget').parent()`).matched).toEqual([]);
    expect(run(`$('.quick-reply').closest('body')`).matched).toEqual([]);
  });

  it('emulates a trailing :contains() in selectors, find, filter and closest', () => {
    const titles = (input: string) => run(input).matched.map((el) => describeElement(el));
    expect(titles(`$("button:contains('Delivery')")`)).toEqual(['button.quick-reply[title="Delivery"]']);
    expect(titles(`$('.chat-messages :contains("it is")')`)).toEqual(['p.bot-message']);
    expect(titles(`$('.quick-replies').find(':contains(Pickup)')`)).toEqual(['button.quick-reply[title="Pickup"]']);
    expect(titles(`$('p').filter(':contains("Pickup")')`)).toEqual([
      'p.bot-message',
      'p.user-message',
      'p.bot-message',
    ]);
    expect(titles(`$('.quick-reply').closest('div:contains("Delivery")')`)).toEqual(['div.quick-replies']);
    run(`$(".quick-reply:contains('Pickup')").click()`);
    expect(clicks).toEqual(['Pickup']);
  });

  it('summarises a selection without an action', () => {
    const r = run(`$('.quick-reply')`);
    expect(r.result).toBe('jQuery object with 2 elements');
    expect(r.effects).toEqual([]);
  });

  it('reports an invalid CSS selector as a readable error', () => {
    expect(() => run(`$('button[')`)).toThrow(/"button\[" is not a valid CSS selector/);
  });

  it('describes elements as tag#id.class[title]', () => {
    const el = root.querySelector('#chat-input') as Element;
    expect(describeElement(el)).toBe('input#chat-input.chat-input');
    expect(describeElement(el, () => false)).toBe('input#chat-input');
  });
});
