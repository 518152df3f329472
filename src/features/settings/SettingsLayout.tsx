import { Outlet } from "@tanstack/react-router";
import { useViewer } from "../../app/viewer.ts";
import { settingsTabs } from "../../domain/nav.ts";
import { LinkTabs, Page, PageTitle } from "../../ui/index.ts";
import { SETTINGS_TEXT } from "./strings.ts";

/** Account Settings with the tabs of the account type; each tab is its own route. */
export function SettingsLayout() {
  const { session } = useViewer();
  const type = session.account?.type ?? "investor";
  return (
    <Page>
      <PageTitle title={SETTINGS_TEXT.accountSettings} />
      <LinkTabs label={SETTINGS_TEXT.settings} items={settingsTabs(type)}>
        <Outlet />
      </LinkTabs>
    </Page>
  );
}
