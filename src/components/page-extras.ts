/** The part of the page footer that loads after the content (see PageFooter). */
export { PageActions } from './PageActions.tsx';
