import { Outlet, useRouteContext } from "@tanstack/react-router";
import { settingsTabs } from "../../domain/nav.ts";
import { Breadcrumb, LinkTabs, Page, PageHeader } from "../../ui/index.ts";

/** Account Settings with the tabs of the account type; each tab is its own route. */
export function SettingsLayout() {
  const session = useRouteContext({ from: "/_app", select: (context) => context.session });
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
