import { type DataSourceCatalog, dataSourceListQuery, dataSourceSchemas, idField } from '@oncall/contracts';

/** The REST data-source shapes made strict: this face refuses unknown fields so typos surface. */
export const dataSourceListInput = dataSourceListQuery.strict().prefault({});

/** The inputs that name a type, for the types of `catalog` (the core's source plugins). */
export function dataSourceInputs(catalog: DataSourceCatalog) {
  const schemas = dataSourceSchemas(catalog);
  return {
    create: schemas.createBody.strict(),
    update: schemas.updateBody.strict().extend({ id: idField('id') }),
    ofType: schemas.ruleTypeParams.strict(),
  };
}
