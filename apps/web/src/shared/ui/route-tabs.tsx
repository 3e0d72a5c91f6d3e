import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';

export interface RouteTab<V extends string> {
  value: V;
  /** the child route the tab opens */
  to: string;
  label: string;
}

/** Tabs that are child routes of a layout (the manager areas): choosing one navigates to it. */
export function RouteTabs<V extends string>({ tabs, current, testIdPrefix }: { tabs: readonly RouteTab<V>[]; current: V; testIdPrefix: string }) {
  const navigate = useNavigate();
  return (
    <Tabs
      value={current}
      onChange={(value) => {
        const tab = tabs.find((candidate) => candidate.value === value);
        if (tab) void navigate(tab.to);
      }}
    >
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} data-testid={`${testIdPrefix}${tab.value}`}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
