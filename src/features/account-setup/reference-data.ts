// The lists account setup needs from the server now: investor account types (sorted by type), countries and the US
// states and territories. Setup is online only (the screen says so offline), so these are plain queries.
import { useEffect, useState } from "react";
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

export function useSetupReferenceData(online: boolean): { data: SetupReferenceData | null; failed: boolean } {
  const [state, setState] = useState<{ data: SetupReferenceData | null; failed: boolean }>({
    data: null,
    failed: false,
  });
  useEffect(() => {
    if (!online || state.data) return;
    let live = true;
    graphql<Answer>(QUERY)
      .then((answer) => {
        if (!live) return;
        setState({
          data: {
            types: sortInvestorTypes(answer.allInvestorAccountTypes.nodes),
            countries: answer.allCountries.nodes,
            states: answer.allCountryProvinces.nodes,
          },
          failed: false,
        });
      })
      .catch(() => live && setState({ data: null, failed: true }));
    return () => {
      live = false;
    };
  }, [online, state.data]);
  return state;
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
