// The account's API keys, read from the server while online (they are not kept on the device: the key is made on the
// server and shown once), and the two changes: make and revoke.
import { useCallback } from "react";
import { type OnlineRead, useOnlineRead } from "../../app/use-online-read.ts";
import { graphql } from "../../data/graphql.ts";

export interface ApiKey {
  id: string;
  name: string;
  role: string;
  prefix: string;
  lastUsedOn: string | null;
  revokedOn: string | null;
  createdOn: string;
}

const LOAD =
  "{ allApiKeys(orderBy: CREATED_ON_DESC) { nodes { id name role prefix lastUsedOn revokedOn createdOn } } }";
const CREATE = `mutation ($name: String!, $role: String!) {
  createApiKey(input: { name: $name, role: $role }) { apiKeyCreation { keyId secret } } }`;
const REVOKE = "mutation ($keyId: UUID!) { revokeApiKey(input: { keyId: $keyId }) { clientMutationId } }";

export type ApiKeysState = OnlineRead<{ keys: ApiKey[] }>;

export function useApiKeys() {
  const { state, reload } = useOnlineRead(() =>
    graphql<{ allApiKeys: { nodes: ApiKey[] } }>(LOAD).then((data) => ({ keys: data.allApiKeys.nodes })),
  );

  const create = useCallback(async (name: string, role: string) => {
    const data = await graphql<{ createApiKey: { apiKeyCreation: { keyId: string; secret: string } } }>(CREATE, {
      name,
      role,
    });
    return data.createApiKey.apiKeyCreation.secret;
  }, []);
  const revoke = useCallback(async (keyId: string) => {
    await graphql(REVOKE, { keyId });
  }, []);

  return { state, reload, create, revoke };
}
