export type ClusterType = 'main' | 'agent';

/** `sourceToken` is masked; a main has empty `sourceUrl` and `sourceToken`. */
export interface ClusterView {
  type: ClusterType;
  sourceUrl: string;
  sourceToken: string;
}
