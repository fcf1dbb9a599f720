/** Classes of the Markdown body's container, shared by the app and the lead index.html paints before it. */
export const PROSE_CLASSES = 'prose prose-slate max-w-none dark:prose-invert prose-code:before:content-none prose-code:after:content-none content';
