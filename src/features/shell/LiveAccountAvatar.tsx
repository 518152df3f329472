// The account menu's logo once the local data is there (loaded after the first screen, as the sync indicator is):
// the image chosen on this device while it waits to upload, else the replica's (src/data/account-logo.ts).
import { useAccountLogoUrl } from "../../data/account-logo.ts";
import { MenuAvatar } from "./MenuAvatar.tsx";

export function LiveAccountAvatar({ account }: { account: { id: string; name: string; logoUrl?: string | null } }) {
  const src = useAccountLogoUrl(account.id, account.logoUrl ?? null);
  return <MenuAvatar name={account.name} src={src} />;
}
