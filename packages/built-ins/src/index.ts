export { BUILT_IN_PLUGINS, loadPluginRegistry } from './built-in-plugins';
