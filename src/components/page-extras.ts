/** The parts of the page footer that load after the content (see PageFooter): one module, so one download. */
export { PageActions } from './PageActions.tsx';
export { FeedLinks } from './FeedLinks.tsx';
