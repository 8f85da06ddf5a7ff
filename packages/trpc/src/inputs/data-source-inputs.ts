import {
  dataSourceCreateBody,
  dataSourceListQuery,
  dataSourceUpdateBody,
  idField,
  ruleDataSourceTypeParams,
} from '@oncall/contracts';

/** The REST data-source shapes made strict: this face refuses unknown fields so typos surface. */
export const dataSourceListInput = dataSourceListQuery.strict().prefault({});
export const dataSourceCreateInput = dataSourceCreateBody.strict();
export const dataSourceUpdateInput = dataSourceUpdateBody.strict().extend({ id: idField('id') });
export const dataSourcesOfTypeInput = ruleDataSourceTypeParams.strict();
