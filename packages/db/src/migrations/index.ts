import { Migration20261122025059Initial } from './Migration20261122025059Initial';

/** Every migration, in order. Listed explicitly so the server never scans folders for them. */
export const migrationsList = [
  { name: 'Migration20261122025059Initial', class: Migration20261122025059Initial },
];
