/** The settings screen's tabs; their own module so the route's search check loads none of the screen. */
export const SETTINGS_TABS = ['providers', 'proxies', 'cluster'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
