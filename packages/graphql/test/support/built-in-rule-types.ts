import { BUILT_IN_PLUGINS } from '@oncall/built-ins';
import { alertRuleTypeCatalog } from '@oncall/core';
import { createPluginRegistry } from '@oncall/core/testing';

/** The rule types the built-in plugins serve, as the server's schema has them. */
export const builtInRuleTypes = () => alertRuleTypeCatalog(createPluginRegistry(BUILT_IN_PLUGINS));
