export { createSourceProber, type SourceProberOptions } from './source-prober';
