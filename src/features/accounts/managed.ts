// Pure helpers of the issuers and distributors screens: the managed-account form's rules (spec part 1 section 5:
// 'Name is required.', 'Email is required.') and the grouping of broker invitations into one card per round.
import * as v from "valibot";
import { MESSAGES } from "../../domain/messages.ts";
import { ACCOUNTS_TEXT } from "./strings.ts";

const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

const ManagedAccountSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty(MESSAGES.nameRequired)),
  email: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(MESSAGES.emailRequired),
    v.regex(EMAIL_PATTERN, MESSAGES.invalidEmail),
  ),
});
type ManagedAccountInput = v.InferOutput<typeof ManagedAccountSchema>;
export type ManagedAccountErrors = Partial<Record<keyof ManagedAccountInput, string>>;

export function checkManagedAccount(input: {
  name: string;
  email: string;
}): { ok: true; value: ManagedAccountInput } | { ok: false; errors: ManagedAccountErrors } {
  const result = v.safeParse(ManagedAccountSchema, input);
  if (result.success) return { ok: true, value: result.output };
  const errors: ManagedAccountErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key as keyof ManagedAccountInput | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return { ok: false, errors };
}

interface InvitationLike {
  id: string;
  roundId: string;
  status: string;
  createdOn?: string;
}

interface InvitationGroup<T extends InvitationLike> {
  roundId: string;
  roundName: string;
  assetName: string | null;
  issuerName: string;
  accepted: number;
  total: number;
  invitations: T[];
}

/** One group per round ("N of M accepted": accepted invitations of all the round's invitations), newest round first. */
export function invitationGroups<T extends InvitationLike>(
  invitations: readonly T[],
  rounds: readonly { id: string; name: string; assetId: string; opensOn?: string | null }[],
  assets: readonly { id: string; name: string; issuerId: string }[],
  accounts: readonly { id: string; name: string }[],
): InvitationGroup<T>[] {
  const byRound = new Map<string, T[]>();
  for (const invitation of invitations) {
    const list = byRound.get(invitation.roundId) ?? [];
    list.push(invitation);
    byRound.set(invitation.roundId, list);
  }
  return [...byRound.entries()]
    .map(([roundId, list]) => {
      const round = rounds.find((r) => r.id === roundId);
      const asset = round ? assets.find((a) => a.id === round.assetId) : undefined;
      const issuer = asset ? accounts.find((a) => a.id === asset.issuerId) : undefined;
      return {
        roundId,
        roundName: round?.name ?? ACCOUNTS_TEXT.round,
        assetName: asset?.name ?? null,
        issuerName: issuer?.name ?? ACCOUNTS_TEXT.issuer,
        accepted: list.filter((i) => i.status === "accepted").length,
        total: list.length,
        invitations: [...list].sort((a, b) => (a.createdOn ?? "").localeCompare(b.createdOn ?? "")),
        opensOn: round?.opensOn ?? "",
      };
    })
    .sort((a, b) => (b.opensOn ?? "").localeCompare(a.opensOn ?? ""))
    .map(({ opensOn: _opensOn, ...group }) => group);
}
