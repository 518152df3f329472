// The account's API keys, read from the server while online (they are not kept on the device: the key is made on the
// server and shown once), and the two changes: make and revoke.
import { useCallback, useEffect, useState } from "react";
import { useOnline } from "../../app/useOnline.ts";
import { GraphqlError, graphql } from "../../data/graphql.ts";
import { MESSAGES } from "../../domain/messages.ts";

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

/** The server's text for a refused change (its own words, class LL), else the generic one. */
export function apiKeyErrorText(error: unknown): string {
  if (error instanceof GraphqlError && error.code?.startsWith("LL") && error.errors[0]?.message)
    return error.errors[0].message;
  return MESSAGES.defaultError;
}

export type ApiKeysState =
  | { status: "offline" }
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; keys: ApiKey[] };

export function useApiKeys() {
  const online = useOnline();
  const [state, setState] = useState<ApiKeysState>({ status: "loading" });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    // version: a reload after a change or a retry reads again
    void version;
    if (!online) {
      setState({ status: "offline" });
      return;
    }
    let live = true;
    setState((current) => (current.status === "ready" ? current : { status: "loading" }));
    graphql<{ allApiKeys: { nodes: ApiKey[] } }>(LOAD).then(
      (data) => {
        if (live) setState({ status: "ready", keys: data.allApiKeys.nodes });
      },
      () => {
        if (live) setState({ status: "failed" });
      },
    );
    return () => {
      live = false;
    };
  }, [online, version]);

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
