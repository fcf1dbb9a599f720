/** Class of the navbar's search input (styled in app.css), shared by the app's search box and the page documents' copy of it. */
export const SEARCH_INPUT_CLASSES = 'search-input';
