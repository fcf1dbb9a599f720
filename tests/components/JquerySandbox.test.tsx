// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import JquerySandbox from '../../src/components/JquerySandbox.tsx';

afterEach(() => {
  cleanup();
});

function setup() {
  render(<JquerySandbox />);
  const input = screen.getByLabelText('jQuery expression') as HTMLInputElement;
  const output = screen.getByRole('status', { name: 'Sandbox output' });
  const widget = screen.getByRole('region', { name: 'Sample chat widget' });
  const type = (value: string) => {
    fireEvent.change(input, { target: { value } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  };
  return { input, output, widget, type };
}

describe('JquerySandbox', () => {
  it('shows the sample widget and a labelled expression input', () => {
    const { input, widget, output } = setup();
    expect(input.placeholder).toBe(`$('button[title="Pickup"]').click()`);
    expect(within(widget).getByTitle('Pickup')).toBeTruthy();
    expect(within(widget).getByTitle('Delivery')).toBeTruthy();
    expect(output.getAttribute('aria-live')).toBe('polite');
  });

  it('shows the match count after Enter and outlines the matches', () => {
    const { output, widget, type } = setup();
    type(`$('.quick-reply')`);
    expect(output.textContent).toContain('2 elements matched');
    expect(output.textContent).toContain('button.quick-reply[title="Pickup"]');
    expect(output.textContent).toContain('button.quick-reply[title="Delivery"]');
    expect(within(widget).getByTitle('Pickup').classList.contains('outline-2')).toBe(true);

    type(`$('.chat-send')`);
    expect(output.textContent).toContain('1 element matched');
    expect(within(widget).getByTitle('Pickup').classList.contains('outline-2')).toBe(false);
    expect(within(widget).getByTitle('Send').classList.contains('outline-2')).toBe(true);
  });

  it('clicking a quick reply through the expression adds the user message', () => {
    const { output, widget, type } = setup();
    type(`$('button[title="Pickup"]').click()`);
    expect(output.textContent).toContain('1 element matched');
    expect(output.textContent).toContain('click on button.quick-reply[title="Pickup"]');
    const log = within(widget).getByRole('log');
    const user = log.querySelector('.user-message');
    expect(user?.textContent).toBe('Pickup');
    expect(log.querySelectorAll('.bot-message')).toHaveLength(2);
  });

  it('the Run button runs too, and val() plus the send button sends a typed message', () => {
    const { input, widget } = setup();
    fireEvent.change(input, { target: { value: `$('#chat-input').val('Show me the menu')` } });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    fireEvent.change(input, { target: { value: `$('.chat-send').click()` } });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    const log = within(widget).getByRole('log');
    expect(log.querySelector('.user-message')?.textContent).toBe('Show me the menu');
    expect(log.querySelectorAll('.bot-message')[1]?.textContent).toContain('Margherita');
  });

  it('shows reads such as text() as the result', () => {
    const { output, type } = setup();
    type(`$('.bot-message').last().text()`);
    expect(output.textContent).toContain('Pickup or delivery?');
  });

  it('shows an error for an unsupported expression and clears the outline', () => {
    const { output, widget, type } = setup();
    type(`$('.quick-reply')`);
    type(`$('a').html('<b>')`);
    expect(output.textContent).toContain('Error');
    expect(output.textContent).toContain('Unsupported method .html()');
    expect(within(widget).getByTitle('Pickup').classList.contains('outline-2')).toBe(false);

    type('alert(1)');
    expect(output.textContent).toContain('Unsupported expression: it must start with $( or jQuery(');
  });

  it('the example buttons fill the input', () => {
    const { input } = setup();
    fireEvent.click(screen.getByRole('button', { name: `Use example $('.quick-reply').length` }));
    expect(input.value).toBe(`$('.quick-reply').length`);
  });

  it('reset restores the first message', () => {
    const { type } = setup();
    type(`$('button[title="Delivery"]').click()`);
    fireEvent.click(screen.getAllByRole('button', { name: 'Reset the widget' })[0] as HTMLElement);
    const widget = screen.getByRole('region', { name: 'Sample chat widget' });
    expect(within(widget).getByRole('log').querySelectorAll('p')).toHaveLength(1);
  });
});
