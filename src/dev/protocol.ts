/** What the dev server tells the open tabs (shared by scripts/dev.ts and the dev client). */

/** The Server-Sent Events stream. */
export const DEV_EVENTS_PATH = '/__dev/events';
/** The stylesheet, linked (not inlined) in dev so a rebuild can be swapped in. */
export const DEV_STYLESHEET = '/assets/app.css';

/** A content error as the terminal prints it (`text`), with its parts. */
export interface DevError {
  file: string;
  line: number;
  message: string;
  fix: string;
  /** `file:line: message Fix: fix`, the line the terminal prints. */
  text: string;
}

export type DevMessage =
  /** Pages whose chunk changed (or was removed); `routes`: the route table or a route file changed. */
  | { type: 'content'; paths: string[]; routes: boolean }
  /** Every content error that stands now (empty once fixed). */
  | { type: 'errors'; errors: DevError[] }
  /** The app was rebuilt. */
  | { type: 'reload' }
  /** The stylesheet was rebuilt. */
  | { type: 'css'; href: string };
