// The admin home (/admin/): for now the import of a new issuer from an OCF package (issue 20). The platform's
// figures and the rest of the admin console are issue 19's. The import needs the server: offline the card says so.

import { Card, mutedText, Page, PageHeader } from "../../ui/index.ts";
import { OcfImport } from "../reports/OcfImport.tsx";
import { useOnline } from "../shell/useOnline.ts";
import { ADMIN_OCF_TEXT, ADMIN_TEXT } from "./strings.ts";

export function AdminHomePage() {
  const online = useOnline();
  return (
    <Page>
      <PageHeader title={ADMIN_TEXT.title} />
      {online ? (
        <OcfImport newIssuer />
      ) : (
        <Card testId="ocf-import-new-issuer" title={ADMIN_OCF_TEXT.title}>
          <p className={mutedText}>{ADMIN_OCF_TEXT.offline}</p>
        </Card>
      )}
    </Page>
  );
}
