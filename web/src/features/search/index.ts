/** What the app composes from the search feature: the header box and the /search page. */
export { HeaderSearch } from './components/header-search';
export { SearchPage } from './components/search-page';
