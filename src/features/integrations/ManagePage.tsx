// An integration's Manage page (Settings > Integrations > <integration> > Manage): the crumb back to the
// integrations, the title with its introduction, then the integration's sections one under the other.
import type { ReactNode } from "react";
import { css } from "../../../styled-system/css";
import { mutedText, Page, PageTitle } from "../../ui/index.ts";
import { IO_TEXT as T } from "./io-strings.ts";

export function ManagePage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <Page maxWidth="60rem">
      <PageTitle parents={[{ display: T.integrations, link: "/settings/integrations" }]} title={title}>
        <p className={mutedText}>{intro}</p>
      </PageTitle>
      <div className={css({ display: "flex", flexDirection: "column", gap: "6" })}>{children}</div>
    </Page>
  );
}
