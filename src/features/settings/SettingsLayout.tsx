import { Outlet } from "@tanstack/react-router";
import { settingsTabs } from "../../domain/nav.ts";
import { Breadcrumb, LinkTabs, Page, PageHeader } from "../../ui/index.ts";
import { useViewer } from "../session/viewer.ts";

/** Account Settings with the tabs of the account type; each tab is its own route. */
export function SettingsLayout() {
  const { session } = useViewer();
  const type = session.account?.type ?? "investor";
  return (
    <Page>
      <Breadcrumb items={[{ display: "Account Settings", active: true }]} />
      <PageHeader title="Account Settings" />
      <LinkTabs label="Settings" items={settingsTabs(type)}>
        <Outlet />
      </LinkTabs>
    </Page>
  );
}
