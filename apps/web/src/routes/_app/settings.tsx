import { createFileRoute } from '@tanstack/react-router';
import { adminOnly } from '../../settings/admin-route';
import { SettingsPage } from '../../settings/settings-page';
import { SETTINGS_TABS, type SettingsTab } from '../../settings/settings-tabs';

interface SettingsSearch {
  tab?: SettingsTab;
}

/** Instance settings, the tab kept in the URL (owner and manager roles). */
export const Route = createFileRoute('/_app/settings')({
  validateSearch: (search: Record<string, unknown>): SettingsSearch => {
    const tab = SETTINGS_TABS.find((candidate) => candidate === search.tab);
    return tab && tab !== 'providers' ? { tab } : {};
  },
  beforeLoad: adminOnly,
  component: SettingsRoute,
});

function SettingsRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SettingsPage
      tab={tab ?? 'providers'}
      onTab={(next) => navigate({ search: next === 'providers' ? {} : { tab: next }, replace: true })}
    />
  );
}
