// The asset type list (allAssetTypes) is reference data the read models do not carry. It is fetched when online and
// kept on the device, so the create form works offline after one online visit; without it, the types of the
// assets already on the device are offered.
import { useEffect, useMemo, useState } from "react";
import { graphql } from "../../data/graphql.ts";

export interface AssetType {
  type: string;
  name: string;
  accountingType: string;
}

const STORAGE_KEY = "ll.assetTypes";

function stored(): AssetType[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(parsed) ? (parsed as AssetType[]) : [];
  } catch {
    return [];
  }
}

const QUERY = "query allAssetTypes { allAssetTypes(orderBy: TYPE_ASC) { nodes { type name accountingType } } }";

export function useAssetTypes(
  known: readonly { type: string; assetTypeByType?: { type?: string; accountingType?: string | null } | null }[] = [],
): AssetType[] {
  const [types, setTypes] = useState<AssetType[]>(stored);
  useEffect(() => {
    if (!navigator.onLine) return;
    let live = true;
    graphql<{ allAssetTypes: { nodes: AssetType[] } }>(QUERY)
      .then((data) => {
        if (!live) return;
        setTypes(data.allAssetTypes.nodes);
        localStorage.setItem(STORAGE_KEY, JSON.stringify(data.allAssetTypes.nodes));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return useMemo(() => {
    if (types.length > 0) return types;
    const seen = new Map<string, AssetType>();
    for (const asset of known) {
      const accountingType = asset.assetTypeByType?.accountingType ?? "equity";
      seen.set(asset.type, {
        type: asset.type,
        name: asset.type.charAt(0).toUpperCase() + asset.type.slice(1),
        accountingType,
      });
    }
    return [...seen.values()];
  }, [types, known]);
}
