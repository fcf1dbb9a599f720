/**
 * The messages between the jQuery page and its sandbox frame
 * (public document /sandbox/jquery.html, code in jquery-frame.ts). Each side
 * checks the sender and parses every message with these schemas before it
 * acts on it: the frame runs a reader's code, so anything it posts may be
 * forged by that code.
 */
import * as z from 'zod/mini';

/** Where the sandbox document is served. */
export const SANDBOX_URL = '/sandbox/jquery.html';

/** Longest code the page sends, and longest text a reply may carry. */
export const MAX_CODE = 4000;
const MAX_TEXT = 2000;

/** Page -> frame: run this code. */
export const RunRequest = z.object({
  type: z.literal('run'),
  id: z.int().check(z.nonnegative()),
  code: z.string().check(z.maxLength(MAX_CODE)),
});
export type RunRequest = z.infer<typeof RunRequest>;

/** Frame -> page: the document is ready to run code; the result of a run; or its error. */
export const FrameReply = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({
    type: z.literal('result'),
    id: z.int().check(z.nonnegative()),
    matched: z.array(z.string().check(z.maxLength(300))).check(z.maxLength(100)),
    result: z.string().check(z.maxLength(MAX_TEXT)),
    effects: z.array(z.string().check(z.maxLength(300))).check(z.maxLength(30)),
  }),
  z.object({ type: z.literal('error'), id: z.int().check(z.nonnegative()), message: z.string().check(z.maxLength(MAX_TEXT)) }),
]);
export type FrameReply = z.infer<typeof FrameReply>;
