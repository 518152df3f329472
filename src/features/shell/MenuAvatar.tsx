import { AccountAvatar } from "../../ui/AccountAvatar.tsx";
import { UserIcon } from "../../ui/icons.tsx";

/** The account menu's logo or initials (a person's icon without an account), on the top bar's light tint. */
export function MenuAvatar({ name, src }: { name: string | null | undefined; src: string | null | undefined }) {
  return (
    <AccountAvatar
      name={name}
      src={src}
      size="sm"
      testId="account-menu-logo"
      fallback={<UserIcon />}
      style={{ background: "#d9e3f2", color: "#13294b" }}
    />
  );
}
