// A secret the server shows once (an API key, a webhook's signing secret): the text to select, and a button that
// copies it and then says so.
import { useState } from "react";
import { css } from "../../styled-system/css";
import { Button } from "./Button.tsx";

interface SecretTextProps {
  secret: string;
  copyLabel: string;
  copiedLabel: string;
  testId?: string;
}

export function SecretText({ secret, copyLabel, copiedLabel, testId }: SecretTextProps) {
  const [copied, setCopied] = useState(false);
  return (
    <div className={css({ display: "flex", gap: "2", alignItems: "center", flexWrap: "wrap" })}>
      <code
        data-identifier
        data-testid={testId}
        className={css({
          fontFamily: "mono",
          fontSize: "sm",
          wordBreak: "break-all",
          p: "2",
          bg: "bg.muted",
          borderRadius: "md",
          flex: "1",
        })}
      >
        {secret}
      </code>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          void navigator.clipboard?.writeText(secret).then(
            () => setCopied(true),
            () => {},
          );
        }}
      >
        {copied ? copiedLabel : copyLabel}
      </Button>
    </div>
  );
}
