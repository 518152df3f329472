// The template warnings of spec section 8 (signing-rules.ts templateWarnings), one alert each.
import { css } from "../../../styled-system/css";
import { templateWarnings } from "./signing-rules.ts";
import type { MappedTemplateView, SigningTemplateView } from "./view.ts";

export function Warnings({ template, mapped }: { template: SigningTemplateView; mapped?: MappedTemplateView }) {
  const warnings = templateWarnings(template, mapped);
  if (mapped === undefined) {
    // on the template's own card only the template's warnings
    const own = templateWarnings(template);
    if (own.length === 0) return null;
    return <List items={own} />;
  }
  const forMapped = warnings.filter((w) => !templateWarnings(template).includes(w));
  if (forMapped.length === 0) return null;
  return <List items={forMapped} />;
}

function List({ items }: { items: string[] }) {
  return (
    <ul className={css({ display: "flex", flexDirection: "column", gap: "2" })} data-testid="signing-warnings">
      {items.map((text) => (
        <li
          key={text}
          role="alert"
          className={css({
            p: "3",
            borderRadius: "md",
            bg: "warning.subtle",
            color: "fg.default",
            fontSize: "sm",
            borderWidth: "1px",
            borderColor: "warning",
          })}
        >
          {text}
        </li>
      ))}
    </ul>
  );
}
