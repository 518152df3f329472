// A file chooser in the app's look: the browser's own file input (unstyled, its text in the browser's language) stays
// hidden and a Button opens it, with the chosen file's name beside it. The button is the keyboard's stop; its text
// with the field's label is its name for screen readers, the file's name its description.
import { useId, useRef } from "react";
import { css } from "../../styled-system/css";
import { Button } from "./Button.tsx";

export function FileButton({
  label,
  chooseText,
  noneText,
  file,
  accept,
  disabled = false,
  testId,
  onFile,
}: {
  label: string;
  /** The button's text ("Choose file"). */
  chooseText: string;
  /** Shown where the file's name goes before one is chosen. */
  noneText: string;
  file: File | null;
  accept?: string;
  disabled?: boolean;
  /** On the hidden input, for browser tests to set files. */
  testId?: string;
  onFile: (file: File | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const nameId = useId();
  const buttonId = useId();
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "1", minW: "0" })}>
      <span id={labelId} className={css({ fontSize: "sm", fontWeight: "600" })}>
        {label}
      </span>
      <div className={css({ display: "flex", alignItems: "center", gap: "3", minW: "0" })}>
        <input
          ref={input}
          type="file"
          accept={accept}
          hidden
          tabIndex={-1}
          aria-hidden
          data-testid={testId}
          onChange={(event) => {
            onFile(event.target.files?.[0] ?? null);
            // the same file chosen again (after fixing it on disk) is a change too
            event.target.value = "";
          }}
        />
        <Button
          variant="outline"
          disabled={disabled}
          id={buttonId}
          aria-labelledby={`${buttonId} ${labelId}`}
          aria-describedby={nameId}
          onClick={() => input.current?.click()}
        >
          {chooseText}
        </Button>
        <span
          id={nameId}
          data-testid={testId ? `${testId}-name` : undefined}
          className={css({
            fontSize: "sm",
            color: file ? "fg.default" : "fg.muted",
            overflowWrap: "anywhere",
            minW: "0",
          })}
        >
          {file ? file.name : noneText}
        </span>
      </div>
    </div>
  );
}
