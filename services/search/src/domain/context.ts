import { type ServiceRuntime, perRuntime } from '@quad/common';
import type { Config } from '../config';
import { SearchIndex } from './search-index';

/** What search's domain code works with: this replica's index, shared by its routes and its event feed. */
export interface SearchContext {
  index: SearchIndex;
}

export const searchContext = perRuntime((runtime: ServiceRuntime<Config>): SearchContext => ({
  index: new SearchIndex({ rememberedQueries: runtime.config.SEARCH_REMEMBERED_QUERIES }),
}));
