// The admin home (/admin/): the platform's figures (accounts by type, users, today's commands and mail, devices
// syncing), the import of a new issuer from an OCF package (issue 20) and the platform's audit trail. Figures and the
// trail's latest events are read from the replica (offline too, saying when the server made them); the import needs
// the server.
import { css } from "../../../styled-system/css";
import { useOnline } from "../../app/useOnline.ts";
import { Card, mutedText, Page, PageHeader, Stat } from "../../ui/index.ts";
import { ADMIN_OCF_TEXT, OcfImport } from "../reports/index.ts";
import { AuditTrail } from "./AuditTrail.tsx";
import { useBook } from "./admin-data.ts";
import { BookUpdated } from "./BookUpdated.tsx";
import { ADMIN_TEXT } from "./strings.ts";

interface Figures {
  accountsByType: Record<string, number>;
  users: number;
  usersActive: number;
  usersSuspended: number;
  memberships: number;
  commandsAcceptedToday: number;
  commandsRejectedToday: number;
  mailDeliveredToday: number;
  mailFailedToday: number;
  mailQueued: number;
  mailFailed: number;
  sessionsActive: number;
  devicesSyncing: number;
  devicesSendingCommands: number;
}

const ACCOUNT_TYPES = ["issuer", "broker", "investor", "agent", "ats", "admin"] as const;

const figureCard = css({ display: "flex", flexDirection: "column", gap: "1" });

function Figure({ label, value, detail, testId }: { label: string; value: number; detail: string; testId: string }) {
  return (
    <Card className={figureCard} testId={testId}>
      <Stat label={label.toUpperCase()} value={value.toLocaleString("en-US")} testId={`${testId}-value`} />
      <p className={mutedText}>{detail}</p>
    </Card>
  );
}

export function AdminHomePage() {
  const online = useOnline();
  const { data: figures, updatedOn, loading } = useBook<Figures>("figures");
  const accounts = figures ? Object.values(figures.accountsByType).reduce((sum, n) => sum + n, 0) : 0;
  return (
    <Page>
      <PageHeader title={ADMIN_TEXT.title} />
      <div className={css({ display: "flex", flexDirection: "column", gap: "5" })}>
        <BookUpdated updatedOn={updatedOn} loading={loading} online={online} />
        {figures && (
          <section
            aria-label={ADMIN_TEXT.figures}
            className={css({ display: "flex", flexDirection: "column", gap: "4" })}
          >
            <div
              className={css({
                display: "grid",
                gap: "4",
                gridTemplateColumns: {
                  base: "1fr 1fr",
                  md: "repeat(3, minmax(0, 1fr))",
                  xl: "repeat(5, minmax(0, 1fr))",
                },
              })}
            >
              <Figure
                label={ADMIN_TEXT.accounts}
                value={accounts}
                detail={ACCOUNT_TYPES.map((type) => `${figures.accountsByType[type] ?? 0} ${type}`).join(", ")}
                testId="figure-accounts"
              />
              <Figure
                label={ADMIN_TEXT.users}
                value={figures.users}
                detail={ADMIN_TEXT.usersDetail(figures.usersActive, figures.usersSuspended)}
                testId="figure-users"
              />
              <Figure
                label={ADMIN_TEXT.commandsToday}
                value={figures.commandsAcceptedToday + figures.commandsRejectedToday}
                detail={ADMIN_TEXT.commandsDetail(figures.commandsAcceptedToday, figures.commandsRejectedToday)}
                testId="figure-commands"
              />
              <Figure
                label={ADMIN_TEXT.mailToday}
                value={figures.mailDeliveredToday + figures.mailFailedToday}
                detail={`${ADMIN_TEXT.mailDetail(figures.mailDeliveredToday, figures.mailFailedToday)}; ${ADMIN_TEXT.mailQueue(figures.mailQueued, figures.mailFailed)}`}
                testId="figure-mail"
              />
              <Figure
                label={ADMIN_TEXT.devices}
                value={figures.devicesSyncing}
                detail={ADMIN_TEXT.devicesDetail(figures.devicesSendingCommands)}
                testId="figure-devices"
              />
            </div>
          </section>
        )}
        {online ? (
          <OcfImport newIssuer />
        ) : (
          <Card testId="ocf-import-new-issuer" title={ADMIN_OCF_TEXT.title}>
            <p className={mutedText}>{ADMIN_OCF_TEXT.offline}</p>
          </Card>
        )}
        <AuditTrail scope="platform" fileName="platform_activity" />
      </div>
    </Page>
  );
}
