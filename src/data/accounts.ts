// The signed-in user's accounts and pending terms (query allUsers), accepting terms, and account claim emails.
// These need the server: they are never queued offline.
import type { AccountChoice, PendingTerms } from "../domain/account-choice.ts";
import { graphql } from "./graphql.ts";

const ALL_USERS = /* GraphQL */ `
  query allUsers {
    currentUser {
      id
      pendingTermsOfService { nodes { id type agreement } }
      usersAccounts { nodes { id role status account { id name slug type logoUrl } } }
    }
  }
`;

const ACCEPT_TERMS = /* GraphQL */ `
  mutation acceptTerms($termsId: UUID!) {
    acceptTerms(input: { termsId: $termsId }) { clientMutationId }
  }
`;

const SEND_CLAIM_ACCOUNT_EMAIL = /* GraphQL */ `
  mutation sendClaimAccountEmail($email: String!) {
    sendClaimAccountEmail(input: { email: $email }) { clientMutationId }
  }
`;

const RESEND_EMAIL = /* GraphQL */ `
  mutation resendEmail($id: UUID!) {
    resendEmail(input: { id: $id }) { clientMutationId }
  }
`;

interface AllUsersData {
  currentUser: {
    id: string;
    pendingTermsOfService: { nodes: PendingTerms[] };
    usersAccounts: {
      nodes: (Omit<AccountChoice, "account"> & { status: string | null; account: AccountChoice["account"] | null })[];
    };
  } | null;
}

export interface UserAccounts {
  pendingTerms: PendingTerms[];
  accounts: AccountChoice[];
}

export async function fetchUserAccounts(): Promise<UserAccounts> {
  const data = await graphql<AllUsersData>(ALL_USERS);
  const user = data.currentUser;
  return {
    pendingTerms: user?.pendingTermsOfService.nodes ?? [],
    // Suspended memberships cannot be selected, and an account the user may no longer read comes back as null.
    accounts: (user?.usersAccounts.nodes ?? []).flatMap(({ id, role, status, account }) =>
      account && (status ?? "active") === "active" ? [{ id, role, account }] : [],
    ),
  };
}

export async function acceptTerms(termsId: string): Promise<void> {
  await graphql(ACCEPT_TERMS, { termsId });
}

export async function sendClaimAccountEmail(email: string): Promise<void> {
  await graphql(SEND_CLAIM_ACCOUNT_EMAIL, { email });
}

export async function resendEmail(id: string): Promise<void> {
  await graphql(RESEND_EMAIL, { id });
}
