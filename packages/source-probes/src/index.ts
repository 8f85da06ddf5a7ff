export { createSourceProber, type SourceProberOptions } from './source-prober';
export { createSourceQuerier, type SourceQuerierOptions } from './source-querier';
