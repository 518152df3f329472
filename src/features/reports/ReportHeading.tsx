// A report card's heading: its title and what it holds, and its Download (held while offline where the file is the
// server's only).
import { css } from "../../../styled-system/css";
import { Button, mutedText } from "../../ui/index.ts";
import { REPORTS_TEXT } from "./strings.ts";

export function ReportHeading({
  title,
  description,
  offline = false,
  onDownload,
}: {
  title: string;
  description: string;
  /** The file comes from the server only and the device is offline. */
  offline?: boolean;
  onDownload: () => void;
}) {
  return (
    <div className={css({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: "4" })}>
      <div>
        <h2 className={css({ fontWeight: "700" })}>{title}</h2>
        <p className={mutedText}>{description}</p>
      </div>
      <Button variant="outline" disabled={offline} onClick={onDownload}>
        {REPORTS_TEXT.download}
      </Button>
    </div>
  );
}
