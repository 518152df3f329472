// The values a signed document carries, by field label, as the signer reads them before signing (online and offline).
import { css } from "../../../styled-system/css";
import { Fact } from "../../ui/index.ts";

/** A field's label without its role ("Investor.name" -> "name"; docs/SIGNING.md field naming). */
function fieldLabel(name: string): string {
  const dot = name.indexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1) : name;
}

export function SigningValues({ fields, label }: { fields: Array<{ name: string; value: string }>; label?: string }) {
  if (fields.length === 0) return null;
  return (
    <dl
      aria-label={label}
      className={css({
        display: "grid",
        gap: "3",
        gridTemplateColumns: { base: "1fr", md: "1fr 1fr" },
        p: "4",
        bg: "bg.subtle",
        borderRadius: "md",
      })}
      data-testid="signing-values"
    >
      {fields.map((field) => (
        <Fact key={field.name} label={fieldLabel(field.name)}>
          {field.value || "—"}
        </Fact>
      ))}
    </dl>
  );
}
