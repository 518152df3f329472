// The small add dialogs of a round's cards (an allocation, a distributor): the fields in a column, Cancel and Add.
import type { ReactNode } from "react";
import { css } from "../../../styled-system/css";
import { Button, Dialog } from "../../ui/index.ts";
import { ROUND_TEXT } from "./strings.ts";

export function AddDialog({
  open,
  onOpenChange,
  title,
  onAdd,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  onAdd: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {ROUND_TEXT.cancel}
          </Button>
          <Button onClick={onAdd}>{ROUND_TEXT.add}</Button>
        </>
      }
    >
      <div className={css({ display: "flex", flexDirection: "column", gap: "4" })}>{children}</div>
    </Dialog>
  );
}
