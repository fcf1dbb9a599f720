/** Classes of the navbar's search input, shared by the app's search box and the page documents' copy of it. */
export const SEARCH_INPUT_CLASSES =
  'w-36 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 placeholder:text-slate-500 focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30 focus:outline-none min-[400px]:w-40 sm:w-64 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:placeholder:text-slate-400';
