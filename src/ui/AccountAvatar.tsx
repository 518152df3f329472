// An account's logo in the avatar's circle, or its initials where it has none or the image cannot be loaded (offline
// before it was ever seen, a removed file): account selection cards, the account menu, the issuer and distributor
// pages, Settings.
import { useState } from "react";
import { avatar } from "../../styled-system/recipes";
import { initials } from "../domain/format.ts";

// Written out: Panda generates a recipe's variant classes only for the variants it finds in the source.
const SIZES = { sm: avatar({ size: "sm" }), md: avatar({ size: "md" }), lg: avatar({ size: "lg" }) };

export function AccountAvatar({
  name,
  src,
  size = "md",
  label,
  testId,
  fallback,
  style,
}: {
  name: string | null | undefined;
  src: string | null | undefined;
  size?: "sm" | "md" | "lg";
  /** The accessible name (an image role); without it the avatar is decoration beside the account's name. */
  label?: string;
  testId?: string;
  /** Shown instead of the initials when there is no name. */
  fallback?: React.ReactNode;
  style?: React.CSSProperties;
}) {
  // the address that failed to load (a new address is tried again)
  const [broken, setBroken] = useState<string | null>(null);
  const image = src && broken !== src ? src : null;
  const shared = {
    className: SIZES[size],
    "data-testid": testId,
    "data-logo": image ? "image" : "initials",
    // an image needs a white ground (a transparent logo on the initials' tint reads badly)
    style: image ? { ...style, background: "white" } : style,
  };
  const content = image ? <img src={image} alt="" onError={() => setBroken(image)} /> : initials(name) || fallback;
  return label ? (
    <span {...shared} role="img" aria-label={label}>
      {content}
    </span>
  ) : (
    <span {...shared} aria-hidden="true">
      {content}
    </span>
  );
}
