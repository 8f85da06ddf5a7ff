import { Stack, Tabs, Title } from '@mantine/core';
import { ClusterSection } from './cluster-section';
import { MessengerProxiesSection } from './messenger-proxies-section';
import { ProviderConfigsSection } from './provider-configs-section';
import { SETTINGS_TABS, type SettingsTab } from './settings-tabs';

/** Instance settings (owner and manager roles): provider configs, messenger proxies, cluster. */
export function SettingsPage({ tab, onTab }: { tab: SettingsTab; onTab: (tab: SettingsTab) => void }) {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Settings
      </Title>
      <Tabs
        value={tab}
        onChange={(value) => {
          const next = SETTINGS_TABS.find((candidate) => candidate === value);
          if (next) onTab(next);
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label="Settings">
          <Tabs.Tab value="providers">Provider configs</Tabs.Tab>
          <Tabs.Tab value="proxies">Messenger proxies</Tabs.Tab>
          <Tabs.Tab value="cluster">Cluster</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="providers" pt="md">
          <ProviderConfigsSection />
        </Tabs.Panel>
        <Tabs.Panel value="proxies" pt="md">
          <MessengerProxiesSection />
        </Tabs.Panel>
        <Tabs.Panel value="cluster" pt="md">
          <ClusterSection />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
