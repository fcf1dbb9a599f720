/**
 * The messages between the jQuery page and its sandbox frame
 * (public document /sandbox/jquery.html, code in jquery-frame.ts). Each side
 * checks the sender and parses every message with these schemas before it
 * acts on it: the frame runs a reader's code, so anything it posts may be
 * forged by that code.
 */
import { z } from 'zod';

/** Where the sandbox document is served. */
export const SANDBOX_URL = '/sandbox/jquery.html';

/** Longest code the page sends, and longest text a reply may carry. */
export const MAX_CODE = 4000;
const MAX_TEXT = 2000;

/** Page -> frame: run this code. */
export const RunRequest = z.object({
  type: z.literal('run'),
  id: z.number().int().nonnegative(),
  code: z.string().max(MAX_CODE),
});
export type RunRequest = z.infer<typeof RunRequest>;

/** Frame -> page: the document is ready to run code; the result of a run; or its error. */
export const FrameReply = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({
    type: z.literal('result'),
    id: z.number().int().nonnegative(),
    matched: z.array(z.string().max(300)).max(100),
    result: z.string().max(MAX_TEXT),
    effects: z.array(z.string().max(300)).max(30),
  }),
  z.object({ type: z.literal('error'), id: z.number().int().nonnegative(), message: z.string().max(MAX_TEXT) }),
]);
export type FrameReply = z.infer<typeof FrameReply>;
