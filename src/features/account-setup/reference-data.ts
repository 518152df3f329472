// The lists account setup needs from the server: investor account types (sorted by type), countries and the US
// states and territories. The investor's own setup is online only (the screen says so offline), so these are plain
// queries; the last answer is also kept on the device (localStorage: reference lists, nothing personal) so that the
// account details can be completed in an in-person session with no network (docs/CLIENT.md "In-person sessions"):
// the host's distribution screen fetches them while online (useKeepSetupReferenceData).
import { useEffect, useState } from "react";
import { useOnline } from "../../app/useOnline.ts";
import { graphql } from "../../data/graphql.ts";
import { type InvestorType, sortInvestorTypes, UNITED_STATES_ID } from "../../domain/account-setup.ts";

export interface Country {
  id: number;
  name: string;
}

interface SetupReferenceData {
  types: InvestorType[];
  countries: Country[];
  /** US state and territory codes with names. */
  states: Array<{ code: string; name: string }>;
}

const QUERY = /* GraphQL */ `
  query accountSetupReferenceData {
    allInvestorAccountTypes(orderBy: TYPE_ASC) { nodes { type isIndividual isJoint } }
    allCountries(orderBy: NAME_ASC) { nodes { id name } }
    allCountryProvinces(condition: { countryId: ${UNITED_STATES_ID} }, orderBy: NAME_ASC) { nodes { code name } }
  }
`;

interface Answer {
  allInvestorAccountTypes: { nodes: InvestorType[] };
  allCountries: { nodes: Country[] };
  allCountryProvinces: { nodes: Array<{ code: string; name: string }> };
}

const KEPT = "ll.setupReferenceData.v1";

function keptData(): SetupReferenceData | null {
  try {
    const raw = typeof localStorage === "undefined" ? null : localStorage.getItem(KEPT);
    const data = raw ? (JSON.parse(raw) as SetupReferenceData) : null;
    return data && Array.isArray(data.types) && Array.isArray(data.countries) && Array.isArray(data.states)
      ? data
      : null;
  } catch {
    return null;
  }
}

async function fetchReferenceData(): Promise<SetupReferenceData> {
  const answer = await graphql<Answer>(QUERY);
  const data = {
    types: sortInvestorTypes(answer.allInvestorAccountTypes.nodes),
    countries: answer.allCountries.nodes,
    states: answer.allCountryProvinces.nodes,
  };
  try {
    localStorage.setItem(KEPT, JSON.stringify(data));
  } catch {
    // a full storage: the lists are fetched again next time
  }
  return data;
}

/**
 * The lists, fetched while online. With `kept`, the copy kept on the device answers first (and alone offline): the
 * in-person form's lists.
 */
export function useSetupReferenceData(
  online: boolean,
  kept = false,
): { data: SetupReferenceData | null; failed: boolean } {
  const [state, setState] = useState<{ data: SetupReferenceData | null; failed: boolean }>(() => ({
    data: kept ? keptData() : null,
    failed: false,
  }));
  useEffect(() => {
    if (!online || state.data) return;
    let live = true;
    fetchReferenceData()
      .then((data) => live && setState({ data, failed: false }))
      .catch(() => live && setState({ data: null, failed: true }));
    return () => {
      live = false;
    };
  }, [online, state.data]);
  return state;
}

// set once the lists were asked for in this page load (useKeepSetupReferenceData)
let keepRequested = false;

/** Keeps the lists on the device while online (a host's screen before an in-person session); once per page load. */
export function useKeepSetupReferenceData(wanted: boolean): void {
  const online = useOnline();
  useEffect(() => {
    if (!wanted || !online || keepRequested) return;
    keepRequested = true;
    fetchReferenceData().catch(() => {
      keepRequested = false;
    });
  }, [wanted, online]);
}

export const SETUP_ACCOUNT = /* GraphQL */ `
  mutation setupAccount($accountName: String, $attestation: Boolean!, $taxId: String!, $type: String!,
    $formationDate: Datetime, $addresses: JSON!, $parties: JSON!, $phone: String) {
    setupAccount(input: { accountName: $accountName, attestation: $attestation, taxId: $taxId, type: $type,
      formationDate: $formationDate, addresses: $addresses, parties: $parties, phone: $phone }) {
      account { id setup }
    }
  }
`;
